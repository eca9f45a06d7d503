import { useState } from "react";
import { DEFAULT_REJECTION_NOTE } from "#domain/releases";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { Label } from "#web/components/ui/label";
import { Textarea } from "#web/components/ui/textarea";
import { toast } from "#web/components/ui/toast";
import type { AdminRelease } from "#web/features/releases/api/get-admin-release";
import { useReleaseAction } from "#web/features/releases/api/release-action";

export function RejectDialog({ release, onClose }: { release: AdminRelease; onClose: () => void }) {
  const action = useReleaseAction();
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reject = () =>
    action.mutateAsync({ id: release.id, action: "reject", notes: notes.trim() || DEFAULT_REJECTION_NOTE }).then(
      () => {
        toast({ title: "Release rejected", description: release.title });
        onClose();
      },
      (err: Error) => setError(err.message),
    );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={`Reject ${release.title}`}
        description="Tell the artist what to fix. Left empty, the note reads “Rejected by admin”."
      >
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="reject-notes">Note to the artist</Label>
            <Textarea id="reject-notes" value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
          </div>
          <FormError message={error} />
          <Button variant="destructive" onClick={reject} disabled={action.isPending}>
            Reject Release
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
