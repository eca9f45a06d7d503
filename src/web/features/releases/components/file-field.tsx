import { FileAudio, FileImage, UploadCloud } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { t as translate } from "#domain/i18n";
import type { Finding } from "#domain/quality";
import {
  declaredType,
  formatBytes,
  sizeLabel,
  timeLeftLabel,
  UPLOAD_LIMITS,
  type UploadKind,
  uploadProblem,
} from "#domain/uploads";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { useUploadCheck } from "#web/features/releases/api/get-upload-check";
import { FindingItem } from "#web/features/releases/components/quality-report";
import { cn } from "#web/lib/cn";
import { useT } from "#web/lib/i18n";
import { useResumableUpload } from "#web/lib/use-resumable-upload";

const ACCEPT: Record<UploadKind, string> = {
  audio: ".wav,.wave,.flac,audio/wav,audio/x-wav,audio/flac",
  artwork: ".jpg,.jpeg,.png,image/jpeg,image/png",
};

/**
 * One file of a release (its audio, a track's audio, the artwork): choose or drop a file, watch it
 * upload (progress, speed, time left), pause and resume it, and read the quality check's verdict as
 * soon as it is in. The chosen upload's id goes to the form through `onChange`; `onBusyChange` tells
 * the form a file is still on its way, so Submit can wait for it.
 */
export function FileField({
  kind,
  label,
  uploadId,
  onChange,
  onBusyChange,
  onBlockingChange,
}: {
  kind: UploadKind;
  /** What the file is, as a name: "Audio file", "Cover art", "Track 2 audio". */
  label: string;
  uploadId: string;
  onChange: (uploadId: string) => void;
  onBusyChange: (busy: boolean) => void;
  /** Whether the uploaded file has findings stores would refuse (the form says so on submit). */
  onBlockingChange?: (blocking: boolean) => void;
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, start, pause, resume, clear } = useResumableUpload({ kind });
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const check = useUploadCheck(uploadId);

  const busy = state.phase === "uploading" || state.phase === "paused";
  const blocking = Boolean(uploadId && check.data?.findings.some((f) => f.severity === "blocking"));
  useEffect(() => onBlockingChange?.(blocking), [blocking, onBlockingChange]);
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  // A removed track's field goes away mid-upload: it no longer holds the form up.
  const busyChange = useRef(onBusyChange);
  busyChange.current = onBusyChange;
  useEffect(() => () => busyChange.current(false), []);
  const finishedId = state.phase === "finished" ? state.uploadId : "";
  useEffect(() => {
    if (finishedId) onChange(finishedId);
  }, [finishedId, onChange]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const wrong = uploadProblem(kind, file);
    setProblem(wrong ?? null);
    if (wrong) return;
    onChange("");
    start(file, declaredType(kind, file));
  };
  const remove = () => {
    clear();
    setProblem(null);
    onChange("");
    if (input.current) input.current.value = "";
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const Icon = kind === "audio" ? FileAudio : FileImage;
  const chooseLabel = t("file.choose", { label: label.toLowerCase() });
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const failure = problem ?? (state.phase === "failed" ? state.message : null);

  return (
    <fieldset
      aria-label={label}
      className={cn(
        "grid min-w-0 gap-3 rounded-xl border border-dashed border-border p-4 transition-colors",
        dragging && "border-primary bg-primary/5",
      )}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={ACCEPT[kind]}
        // Named the same whether the visible chooser or the Replace button is showing.
        aria-label={chooseLabel}
        className="sr-only"
        aria-describedby={`${hintId}${failure ? ` ${errorId}` : ""}`}
        onChange={(event) => choose(event.target.files?.[0])}
      />

      {!busy && !uploadId && (
        <div className="flex flex-wrap items-center gap-3">
          <UploadCloud className="h-6 w-6 text-muted-foreground" aria-hidden />
          <label
            htmlFor={`${id}-input`}
            className="cursor-pointer rounded-lg border border-border bg-background px-3 py-2 text-sm font-medium hover:bg-muted focus-within:outline-2 [input:focus-visible+&]:ring-2 [input:focus-visible+&]:ring-ring"
          >
            {chooseLabel}
          </label>
          <span className="text-sm text-muted-foreground">{t("file.drop")}</span>
        </div>
      )}

      {busy && (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Icon className="h-5 w-5 text-muted-foreground" aria-hidden />
            <span className="break-all font-medium">{state.fileName}</span>
            {state.phase === "paused" && <Badge>{t("file.paused")}</Badge>}
          </div>
          <progress
            className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
            max={Math.max(state.total, 1)}
            value={state.sent}
            aria-label={t("file.uploading", { name: state.fileName })}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {state.phase === "uploading" && state.reconnecting
              ? t("file.reconnecting", { progress: progressText(state.sent, state.total, null) })
              : progressText(state.sent, state.total, state.phase === "paused" ? null : state.bytesPerSecond)}
          </p>
          <div className="flex flex-wrap gap-2">
            {state.phase === "uploading" ? (
              <Button type="button" size="sm" variant="outline" onClick={pause}>
                {t("file.pause")}
              </Button>
            ) : (
              <Button type="button" size="sm" variant="outline" onClick={resume}>
                {t("file.resume")}
              </Button>
            )}
            <Button type="button" size="sm" variant="ghost" onClick={remove}>
              {t("file.cancel")}
            </Button>
          </div>
        </div>
      )}

      {!busy && uploadId && (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Icon className="h-5 w-5 text-muted-foreground" aria-hidden />
            <span className="break-all font-medium">
              {check.data?.fileName ?? (state.phase === "finished" ? state.fileName : t("file.uploadedFile"))}
            </span>
            {check.data && <span className="text-sm text-muted-foreground">{formatBytes(check.data.sizeBytes)}</span>}
            <Badge tone="success">{t("file.uploaded")}</Badge>
          </div>
          {state.phase === "finished" && (
            <>
              <progress
                className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
                max={Math.max(state.total, 1)}
                value={state.total}
                aria-label={t("file.uploadedName", { name: state.fileName })}
              />
              <p className="text-sm text-muted-foreground">{t("file.done", { size: formatBytes(state.total) })}</p>
            </>
          )}
          <Verdict loading={check.isPending} failed={check.isError} findings={check.data?.findings} />
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => input.current?.click()}>
              {t("file.replace", { label: label.toLowerCase() })}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={remove}>
              {t("file.remove", { label: label.toLowerCase() })}
            </Button>
          </div>
        </div>
      )}

      <p id={hintId} className="text-xs text-muted-foreground">
        {t("file.limits", { types: UPLOAD_LIMITS[kind].label, max: sizeLabel(UPLOAD_LIMITS[kind].maxBytes) })}
      </p>
      {failure && (
        <div className="grid gap-2">
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {state.phase === "failed" && !problem ? `${state.fileName}: ${failure}` : failure}
          </p>
          {state.phase === "failed" && !problem && (
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="outline" onClick={resume}>
                {t("file.retry", { name: state.fileName })}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={remove}>
                {t("file.another")}
              </Button>
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}

function progressText(sent: number, total: number, bytesPerSecond: number | null): string {
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const parts = [`${percent} %`, translate("file.progress", { sent: formatBytes(sent), total: formatBytes(total) })];
  if (bytesPerSecond) parts.push(`${formatBytes(bytesPerSecond)}/s`);
  const left = timeLeftLabel(total - sent, bytesPerSecond);
  if (left) parts.push(left);
  return parts.join(" · ");
}

/** The quality check's verdict on the uploaded file: what stores would refuse, with the fix. */
function Verdict({ loading, failed, findings }: { loading: boolean; failed: boolean; findings?: Finding[] }) {
  const t = useT();
  if (loading) return <p className="text-sm text-muted-foreground">{t("file.checking")}</p>;
  if (failed || !findings) return <p className="text-sm text-muted-foreground">{t("file.unreadable")}</p>;
  if (findings.length === 0) {
    return (
      <p role="status" className="text-sm font-medium text-green-700 dark:text-green-400">
        {t("file.passed")}
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label={t("file.checkLabel")}>
      {findings.map((f) => (
        <FindingItem key={f.code} finding={f} showSubject={false} />
      ))}
    </ul>
  );
}
