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

export function RejectDialog({ release, onClose }: { release: AdminRelease; onClose: () => void }) {
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
        toast({ title: "Release rejected", description: release.title });
        onClose();
      },
      (err: Error) => setError(err.message),
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={`Reject ${release.title}`}
        description="Tell the artist what to fix: they read this note with the rejection."
      >
        <div className="grid gap-4">
          <FormField id="reject-notes" label="Note to the artist" error={noteError}>
            {(control) => (
              <Textarea {...control} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
            )}
          </FormField>
          <FormError message={error} />
          <Button variant="destructive" onClick={reject} disabled={action.isPending}>
            Reject Release
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
