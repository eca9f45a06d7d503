import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { toast } from "#web/components/ui/toast";
import { useT } from "#web/lib/i18n";

/** A secret shown once (an API key, a webhook signing secret), to copy before the dialog closes. */
export function SecretDialog({
  title,
  description,
  label,
  value,
  onClose,
}: {
  title: string;
  description: string;
  label: string;
  value: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={description}>
        <FormField id="shown-secret" label={label}>
          {(control) => (
            <Input {...control} readOnly value={value} className="font-mono" onFocus={(e) => e.target.select()} />
          )}
        </FormField>
        <div className="mt-4 flex justify-end gap-2">
          <Button
            variant="outline"
            onClick={async () => {
              await navigator.clipboard?.writeText(value).catch(() => undefined);
              toast({
                title: t("secret.copied"),
                description: t("secret.onClipboard", { label: label.toLowerCase() }),
              });
            }}
          >
            {t("secret.copy")}
          </Button>
          <Button onClick={onClose}>{t("secret.done")}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
