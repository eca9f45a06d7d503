import { useState } from "react";
import { ADMIN_RELEASE_MESSAGES, rejectReleaseSchema } from "#domain/releases";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Textarea } from "#web/components/ui/textarea";
import { toast } from "#web/components/ui/toast";
import type { AdminRelease } from "#web/features/releases/api/get-admin-release";
import { useReleaseAction } from "#web/features/releases/api/release-action";
import { useT } from "#web/lib/i18n";

export function RejectDialog({ release, onClose }: { release: AdminRelease; onClose: () => void }) {
  const t = useT();
  const action = useReleaseAction();
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const reject = () => {
    const parsed = rejectReleaseSchema.safeParse({ notes });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? ADMIN_RELEASE_MESSAGES.rejectNoteRequired);
      document.getElementById("reject-notes")?.focus();
      return;
    }
    setNoteError(null);
    return action.mutateAsync({ id: release.id, action: "reject", notes: parsed.data.notes }).then(
      () => {
        toast({ title: t("adminRel.rejected"), description: release.title });
        onClose();
      },
      (err: Error) => setError(err.message),
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t("adminRel.rejectQ", { title: release.title })} description={t("adminRel.rejectHint")}>
        <div className="grid gap-4">
          <FormField id="reject-notes" label={t("adminRel.note")} error={noteError}>
            {(control) => (
              <Textarea {...control} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
            )}
          </FormField>
          <FormError message={error} />
          <Button variant="destructive" onClick={reject} disabled={action.isPending}>
            {t("adminRel.rejectRelease")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
