import { useRef, useState } from "react";
import { NOTICE_FILE_COLUMNS, NOTICE_FILE_EXAMPLE } from "#domain/fraud";
import { Button } from "#web/components/ui/button";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { ApiClientError } from "#web/lib/api-client";
import { useT } from "#web/lib/i18n";

const TEMPLATE = `data:text/csv;charset=utf-8,${encodeURIComponent(
  `${NOTICE_FILE_COLUMNS.join(",")}\n${NOTICE_FILE_EXAMPLE.join(",")}\n`,
)}`;

/** A store's notice file: one row per flagged track; every row is checked, and a bad one opens nothing. */
export function NoticeFileForm({
  pending,
  onImport,
}: {
  pending: boolean;
  onImport: (csv: string) => Promise<unknown>;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [rows, setRows] = useState<{ line: number; reason: string }[]>([]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailed(null);
    setRows([]);
    const file = input.current?.files?.[0];
    if (!file) {
      setFileError(t("noticeFile.choose"));
      input.current?.focus();
      return;
    }
    setFileError(null);
    try {
      await onImport(await file.text());
      if (input.current) input.current.value = "";
    } catch (err) {
      setFailed((err as Error).message);
      const details = err instanceof ApiClientError ? (err.details as { rows?: typeof rows } | undefined) : undefined;
      setRows(details?.rows ?? []);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {t("noticeFile.intro")} <code className="font-mono">{NOTICE_FILE_COLUMNS.join(", ")}</code>.{" "}
        <a href={TEMPLATE} download="store-notice-template.csv" className="text-primary underline">
          {t("noticeFile.template")}
        </a>
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <FormField id="notice-file" label={t("noticeFile.label")} error={fileError} announce>
          {(control) => (
            <input
              {...control}
              ref={input}
              type="file"
              accept=".csv,text/csv"
              className="text-sm"
              onChange={() => setFileError(null)}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={pending} className="mt-6">
          {pending ? t("noticeFile.importing") : t("noticeFile.import")}
        </Button>
      </div>
      <FormError message={failed} />
      {rows.length > 0 && (
        <ul aria-label={t("noticeFile.rows")} className="grid gap-1 text-sm">
          {rows.map((r) => (
            <li key={r.line}>{t("noticeFile.line", { line: r.line, reason: r.reason })}</li>
          ))}
        </ul>
      )}
    </form>
  );
}
