import { useId, useState } from "react";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "#web/components/ui/dialog";
import { FormField } from "#web/components/ui/form-field";
import { Textarea } from "#web/components/ui/textarea";
import { toast } from "#web/components/ui/toast";
import { useDisputeCode } from "#web/features/releases/api/dispute-code";
import { ApiClientError } from "#web/lib/api-client";
import { useT } from "#web/lib/i18n";

/**
 * Offered beside a refusal because another release holds a code the artist typed: the artist says why
 * the code is theirs and our support team checks it (a ticket they can follow in Support).
 */
export function DisputeCodeDialog({ code }: { code: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [evidence, setEvidence] = useState("");
  const dispute = useDisputeCode();
  const id = useId();
  const error = dispute.error instanceof ApiClientError ? dispute.error.message : null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          {t("dispute.button", { code })}
        </Button>
      </DialogTrigger>
      <DialogContent title={t("dispute.button", { code })} description={t("dispute.hint")}>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog sits in the release form's React tree: its submit must not submit the release.
            event.stopPropagation();
            dispute.mutate(
              { code, evidence: evidence.trim() },
              {
                onSuccess: (data) => {
                  toast({ title: t("dispute.sent"), description: data.message });
                  setOpen(false);
                },
              },
            );
          }}
        >
          <FormField id={`${id}-evidence`} label={t("dispute.evidence")} error={error} announce>
            {(control) => (
              <Textarea
                {...control}
                value={evidence}
                maxLength={4000}
                onChange={(event) => setEvidence(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={dispute.isPending}>
            {dispute.isPending ? t("dispute.sending") : t("dispute.send")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
