import { useState } from "react";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, type ImportFormat } from "#domain/catalogue-import";
import { Button } from "#web/components/ui/button";
import { Checkbox } from "#web/components/ui/checkbox";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { type CatalogueImport, useSendCatalogue } from "#web/features/catalogue-import/api/catalogue-import";
import { useT } from "#web/lib/i18n";

/** The format a file's name says: .xml is a DDEX message, anything else our CSV. */
export const formatOf = (name: string): ImportFormat => (/\.xml$/i.test(name) ? "ern" : "csv");

/**
 * Sends a catalogue file for its dry run: the file, what it is, and the AI answer stores ask for.
 * Every refusal is said beside what it is about, and nothing is sent until all three are given.
 */
export function CatalogueUploadForm({ onSent }: { onSent: (sent: CatalogueImport) => void }) {
  const t = useT();
  const send = useSendCatalogue();
  const [file, setFile] = useState<File | null>(null);
  const [noAi, setNoAi] = useState(false);
  const [errors, setErrors] = useState<{ file?: string; ai?: string }>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found: { file?: string; ai?: string } = {};
    if (!file) found.file = t("importPage.chooseFile");
    else if (file.size > IMPORT_MAX_BYTES) found.file = IMPORT_MESSAGES.tooLarge;
    if (!noAi) found.ai = IMPORT_MESSAGES.aiAnswer;
    setErrors(found);
    if (found.file) return document.getElementById("catalogue-file")?.focus();
    if (found.ai || !file) return document.getElementById("catalogue-ai")?.focus();
    try {
      onSent(await send.mutateAsync({ file, format: formatOf(file.name) }));
    } catch (err) {
      // The server's refusal (missing columns, not an ERN message, too large) is about the file.
      setErrors({ file: (err as Error).message });
      document.getElementById("catalogue-file")?.focus();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("importPage.checkForm")} className="grid gap-4">
      <FormField
        id="catalogue-file"
        label={t("importPage.fileLabel")}
        hint={t("importPage.fileHint")}
        error={errors.file}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".csv,text/csv,.xml,application/xml,text/xml"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      <div className="grid gap-1">
        <div className="flex items-start gap-2">
          <Checkbox
            id="catalogue-ai"
            checked={noAi}
            onCheckedChange={(on) => setNoAi(on === true)}
            aria-describedby={errors.ai ? "catalogue-ai-error" : undefined}
          />
          <Label htmlFor="catalogue-ai">{t("importPage.noAi")}</Label>
        </div>
        {errors.ai && (
          <p id="catalogue-ai-error" className="text-sm text-destructive">
            {errors.ai}
          </p>
        )}
      </div>
      <Button type="submit" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? t("importPage.sending") : t("importPage.checkFile")}
      </Button>
    </form>
  );
}
