import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatInr } from "#domain/money";
import { SPLIT_MESSAGES, SPLIT_ROLE_LABELS } from "#domain/splits";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { useAcceptInvite, useInvite, useSendInviteCode } from "#web/features/royalties/api/splits";
import { ApiClientError } from "#web/lib/api-client";
import { useT } from "#web/lib/i18n";

/** Codes with which the server asks for proof that the invited address or number is yours. */
const NEEDS_CODE = new Set(["PROOF_REQUIRED", "WRONG_ACCOUNT", "CODE_WRONG"]);

/**
 * A collaborator's invite to a split sheet: what is shared and held, and Accept. Accepting needs proof
 * that the invited address (or number) is the collaborator's: an account that verified it, or the
 * one-time code sent there.
 */
export function InvitePage() {
  const t = useT();
  usePageMeta(t("invite.meta"));
  const { token = "" } = useParams();
  const invite = useInvite(token);
  const accept = useAcceptInvite(token);
  const sendCode = useSendInviteCode(token);
  const [code, setCode] = useState("");
  const acceptError = accept.error instanceof ApiClientError ? accept.error : null;
  const askForCode = sendCode.isSuccess || (acceptError !== null && NEEDS_CODE.has(acceptError.code));
  const codeError = acceptError?.code === "CODE_WRONG" ? acceptError.message : null;
  const pageError =
    codeError ??
    (sendCode.error instanceof ApiClientError ? sendCode.error.message : null) ??
    (sendCode.isSuccess ? null : (acceptError?.message ?? null));
  const onAccept = (withCode?: string) =>
    accept.mutate(withCode, {
      onSuccess: (data) => toast({ title: SPLIT_MESSAGES.acceptedTitle, description: data.message }),
    });
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <h1 className="text-2xl font-bold">{t("invite.title")}</h1>
      {invite.isPending && <Skeleton className="h-40" />}
      {invite.isError && <FormError message={SPLIT_MESSAGES.inviteNotFound} />}
      {invite.data && (
        <Card>
          <div className="grid gap-3">
            <p>
              {t("invite.putYou", {
                owner: invite.data.ownerName,
                name: invite.data.name,
                role: SPLIT_ROLE_LABELS[invite.data.role],
                releases: invite.data.releases.map((title) => `“${title}”`).join(", ") || t("invite.theirMusic"),
              })}
            </p>
            <p className="text-lg font-semibold">
              {t("invite.held", { amount: formatInr(invite.data.heldPaise, { decimals: true }) })}
            </p>
            {invite.data.accepted || accept.isSuccess ? (
              <>
                <p role="status">{accept.data?.message ?? SPLIT_MESSAGES.inviteAccepted}</p>
                <Button asChild>
                  <Link to="/app/royalties">{t("invite.royalties")}</Link>
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">{t("invite.hint")}</p>
                {!codeError && <FormError message={pageError} />}
                {sendCode.data && <p role="status">{sendCode.data.message}</p>}
                {askForCode ? (
                  <form
                    className="grid gap-3"
                    aria-label={t("invite.prove")}
                    onSubmit={(event) => {
                      event.preventDefault();
                      onAccept(code.trim());
                    }}
                  >
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => sendCode.mutate()}
                      disabled={sendCode.isPending}
                    >
                      {sendCode.isPending
                        ? t("invite.sending")
                        : t(sendCode.isSuccess ? "invite.sendNew" : "invite.send", { hint: invite.data.contactHint })}
                    </Button>
                    <FormField id="invite-code" label={t("invite.code")} error={codeError} announce>
                      {(control) => (
                        <Input
                          {...control}
                          inputMode="numeric"
                          autoComplete="one-time-code"
                          maxLength={6}
                          value={code}
                          onChange={(event) => setCode(event.target.value)}
                        />
                      )}
                    </FormField>
                    <Button type="submit" disabled={accept.isPending || !/^\d{6}$/.test(code.trim())}>
                      {accept.isPending ? t("invite.accepting") : t("invite.accept")}
                    </Button>
                  </form>
                ) : (
                  <Button onClick={() => onAccept()} disabled={accept.isPending}>
                    {accept.isPending ? t("invite.accepting") : t("invite.accept")}
                  </Button>
                )}
              </>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
