import { useState } from "react";
import { MESSAGES } from "#domain/messages";
import { Button } from "#web/components/ui/button";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { useVerifySecondFactor } from "#web/features/auth/api/sign-in";
import { useT } from "#web/lib/i18n";
import type { SessionUser } from "#web/lib/session";

export function SecondFactorForm({
  onVerified,
  onBack,
}: {
  onVerified: (user: SessionUser | null) => void;
  onBack: () => void;
}) {
  const t = useT();
  const verify = useVerifySecondFactor();
  const [code, setCode] = useState("");
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const refuse = () => {
      setError(MESSAGES.twoFactor.invalidCode);
      document.getElementById("second-factor")?.focus();
    };
    if (!code.trim()) return refuse();
    try {
      onVerified(await verify.mutateAsync({ code: code.trim(), backup }));
    } catch {
      refuse();
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {backup ? t("secondFactor.backupHint") : t("secondFactor.appHint")}
      </p>
      <FormField
        id="second-factor"
        label={backup ? t("secondFactor.backupCode") : MESSAGES.twoFactor.codeLabel}
        error={error}
        announce
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            inputMode={backup ? "text" : "numeric"}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
          />
        )}
      </FormField>
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending ? t("secondFactor.verifying") : t("secondFactor.verify")}
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="cursor-pointer text-primary underline"
          onClick={() => {
            setBackup((b) => !b);
            setCode("");
            setError(null);
          }}
        >
          {backup ? t("secondFactor.useApp") : t("secondFactor.useBackup")}
        </button>
        <button type="button" className="cursor-pointer text-primary underline" onClick={onBack}>
          {t("secondFactor.back")}
        </button>
      </div>
    </form>
  );
}
