import { useCallback, useId, useRef, useState } from "react";
import { AUTH_STEP_UP_MESSAGES } from "#domain/auth";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { ApiClientError } from "#web/lib/api-client";

/** The server asks for the password again (REAUTH_REQUIRED) before money-moving changes of an old sign-in. */
export const needsPasswordAgain = (err: unknown): err is ApiClientError =>
  err instanceof ApiClientError && err.code === "REAUTH_REQUIRED";

/**
 * Asks for the account's password again, in a dialog, with the server's words beside the field
 * (issue 34). `ask(message)` resolves with the password, or null when the person cancels.
 */
export function usePasswordAgain() {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const settle = useRef<((password: string | null) => void) | null>(null);
  const ask = useCallback((why: string) => {
    setPassword("");
    setMessage(why);
    return new Promise<string | null>((resolve) => {
      settle.current = resolve;
    });
  }, []);
  const finish = (value: string | null) => {
    setMessage(null);
    settle.current?.(value);
    settle.current = null;
  };
  // The first ask explains why; a wrong password is an error beside the field.
  const wrong = message === AUTH_STEP_UP_MESSAGES.wrongPassword;
  const dialog = (
    <Dialog open={message !== null} onOpenChange={(open) => !open && finish(null)}>
      <DialogContent title={AUTH_STEP_UP_MESSAGES.title}>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (password) finish(password);
          }}
        >
          <FormField
            id={`${id}-password`}
            label={AUTH_STEP_UP_MESSAGES.label}
            error={wrong ? message : null}
            hint={wrong ? undefined : message}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={!password}>
            {AUTH_STEP_UP_MESSAGES.continue}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
  return { ask, dialog };
}
