import { useRef, useState } from "react";
import { CASE_FILE_MAX_BYTES, CASE_FILE_TYPES, FRAUD_MESSAGES } from "#domain/fraud";
import { Button } from "#web/components/ui/button";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Textarea } from "#web/components/ui/textarea";
import type { CaseDetail } from "#web/features/cases/api/cases";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

/**
 * A case's thread: the notice, answers with their files, support's replies and the decision. The
 * form takes a message and, where `withFile`, one file of evidence.
 */
export function CaseThread({
  messages,
  fileUrl,
  side,
  canWrite,
  closedText,
  withFile,
  sending,
  onSend,
}: {
  messages: CaseDetail["messages"];
  fileUrl: (fileId: string) => string;
  side: "artist" | "admin";
  canWrite: boolean;
  closedText: string;
  withFile: boolean;
  sending: boolean;
  onSend: (message: string, file: File | null) => Promise<unknown>;
}) {
  const t = useT();
  const [message, setMessage] = useState("");
  const [fieldError, setFieldError] = useState<{ message?: string; file?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const file = fileInput.current?.files?.[0] ?? null;
    if (file && file.size > CASE_FILE_MAX_BYTES) return setFieldError({ file: FRAUD_MESSAGES.fileTooLarge });
    if (file && !(file.type in CASE_FILE_TYPES)) return setFieldError({ file: FRAUD_MESSAGES.fileType });
    if (!message.trim() && !file) {
      setFieldError({ message: FRAUD_MESSAGES.emptyAnswer });
      document.getElementById(`${side}-case-message`)?.focus();
      return;
    }
    setFieldError({});
    try {
      await onSend(message.trim(), file);
      setMessage("");
      if (fileInput.current) fileInput.current.value = "";
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="case-thread" className="grid gap-3 rounded-xl border border-border bg-card p-5">
      <h2 id="case-thread" className="text-lg font-semibold">
        {t("caseThread.messages")}
      </h2>
      <ol aria-label={t("caseThread.list")} className="grid gap-3">
        {messages.map((m) => (
          <li
            key={m.id}
            className={`rounded-lg p-3 text-sm ${m.fromSupport ? "bg-primary/10" : "bg-muted"} ${
              (side === "admin") === m.fromSupport ? "sm:ml-8" : "sm:mr-8"
            }`}
          >
            <p className="text-xs text-muted-foreground">
              {m.authorName} · {formatDateTime(m.createdAt)}
            </p>
            {m.body && <p className="mt-1 whitespace-pre-wrap">{m.body}</p>}
            {m.files.map((f) => (
              <a key={f.id} href={fileUrl(f.id)} className="mt-1 block text-primary underline" download={f.name}>
                {t("caseThread.fileSize", { name: f.name, kb: Math.max(1, Math.round(f.bytes / 1024)) })}
              </a>
            ))}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <form onSubmit={send} noValidate className="grid gap-3">
          <FormField
            id={`${side}-case-message`}
            label={side === "artist" ? t("caseThread.yourAnswer") : t("caseThread.reply")}
            error={fieldError.message}
          >
            {(control) => (
              <Textarea {...control} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={8000} />
            )}
          </FormField>
          {withFile && (
            <FormField
              id={`${side}-case-file`}
              label={t("caseThread.file")}
              hint={t("caseThread.fileHint")}
              error={fieldError.file}
            >
              {(control) => (
                <input
                  {...control}
                  ref={fileInput}
                  type="file"
                  accept={Object.keys(CASE_FILE_TYPES).join(",")}
                  className="text-sm"
                  onChange={() => setFieldError({})}
                />
              )}
            </FormField>
          )}
          <FormError message={error} />
          <Button type="submit" disabled={sending} className="justify-self-end">
            {sending
              ? t("importPage.sending")
              : side === "artist"
                ? t("caseThread.sendAnswer")
                : t("caseThread.sendReply")}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">{closedText}</p>
      )}
    </section>
  );
}
