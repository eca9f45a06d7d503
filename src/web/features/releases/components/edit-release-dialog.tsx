import { RELEASE_NOTICES, type ReleaseInput } from "#domain/releases";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { type Release, useRelease } from "#web/features/releases/api/get-release";
import { useUpdateRelease } from "#web/features/releases/api/update-release";
import { useT } from "#web/lib/i18n";
import { ReleaseForm, releaseToInput } from "./release-form";

/**
 * Changing a release the artist may still change: one waiting for review, or one that was not
 * approved, which saving sends back for review (with the reviewer's note shown above the form).
 */
export function EditReleaseDialog({
  release,
  open,
  onOpenChange,
}: {
  release: Release;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const update = useUpdateRelease(release.id);
  const rejected = release.status === "rejected";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={
          rejected
            ? t("editRelease.fixTitle", { title: release.title })
            : t("editRelease.editTitle", { title: release.title })
        }
        description={rejected ? t("editRelease.fixHint") : t("editRelease.editHint")}
        className="max-w-2xl"
      >
        {rejected && release.adminNotes && (
          <section
            aria-labelledby="edit-review-note"
            className="mb-4 rounded-lg border border-amber-500/60 bg-amber-500/10 p-3 text-sm"
          >
            <h3 id="edit-review-note" className="font-semibold">
              {t("editRelease.notes")}
            </h3>
            <p className="mt-1">{release.adminNotes}</p>
          </section>
        )}
        <EditReleaseForm
          release={release}
          submitLabel={rejected ? t("editRelease.resubmit") : t("editRelease.save")}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (input) => {
            await update.mutateAsync(input);
            onOpenChange(false);
            toast(
              rejected
                ? { title: RELEASE_NOTICES.resubmittedTitle, description: RELEASE_NOTICES.resubmitted(input.title) }
                : { title: RELEASE_NOTICES.updatedTitle, description: t("editRelease.saved", { title: input.title }) },
            );
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The edit form, once the release's tracks have loaded. */
function EditReleaseForm({
  release,
  submitLabel,
  onCancel,
  onSubmit,
}: {
  release: Release;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (input: ReleaseInput) => Promise<void>;
}) {
  const t = useT();
  const detail = useRelease(release.id);
  if (detail.isPending) return <Skeleton className="h-64" />;
  return (
    <ReleaseForm
      initial={releaseToInput(release, detail.data?.tracks ?? [])}
      editing={release.id}
      submitLabel={submitLabel}
      submittingLabel={t("ui.saving")}
      onCancel={onCancel}
      onSubmit={onSubmit}
      // A release submitted with a pre-order keeps its dates editable; adding one is done on the
      // upload form, which knows the plan (the server checks the plan either way).
      preOrdersAllowed={Boolean(release.preOrderDate || release.instantGratDate)}
    />
  );
}
