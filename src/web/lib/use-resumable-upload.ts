import { useCallback, useEffect, useRef, useState } from "react";
import { DetailedError, Upload } from "tus-js-client";
import { t } from "#domain/i18n";

/** Where one file's upload stands, as the screen shows it. */
export type UploadState =
  | { phase: "idle" }
  | {
      phase: "uploading" | "paused";
      fileName: string;
      sent: number;
      total: number;
      bytesPerSecond: number | null;
      /** The connection dropped: tus-js-client is retrying on its own (issue 33: it looked frozen). */
      reconnecting?: boolean;
    }
  | { phase: "finished"; fileName: string; total: number; uploadId: string }
  /** A failure keeps the file's name and how far it got, for Retry. */
  | { phase: "failed"; fileName: string; message: string; sent: number; total: number };

/** Waits between automatic retries after the network drops (then the person can retry by hand). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];
/** Bytes per request: a dropped connection loses at most this much, and no request runs for long. */
const CHUNK_BYTES = 32 * 1024 * 1024;
/** Speed is averaged over this much recent time, so the estimate neither jumps nor lags. */
const SPEED_WINDOW_MS = 4000;

const fallback = () => t("upload.failedRetry");

/** The server's own words for a refusal (it answers tus errors as plain text). */
function messageOf(error: Error): string {
  if (error instanceof DetailedError) {
    const body = error.originalResponse?.getBody()?.trim();
    const status = error.originalResponse?.getStatus() ?? 0;
    if (body && status >= 400 && status < 600 && body.length < 300 && !body.startsWith("<")) return body;
  }
  return fallback();
}

/**
 * Sends one file to the tus endpoint (/api/uploads) with tus-js-client: resumable across network
 * drops (retried automatically, then by hand, carrying on from the byte the server has), pausable,
 * and measured (bytes sent, speed) for the progress bar. An upload of the same file started earlier
 * in this browser is resumed rather than started again.
 */
export function useResumableUpload(meta: { kind: "audio" | "artwork" }) {
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const upload = useRef<Upload | null>(null);
  const samples = useRef<{ at: number; sent: number }[]>([]);

  // Leaving the page stops sending (the server keeps what arrived; it expires if never resumed).
  useEffect(() => () => void upload.current?.abort(), []);
  // The browser knows first when the network goes: say "reconnecting" at once.
  useEffect(() => {
    const offline = () =>
      setState((s) => (s.phase === "uploading" ? { ...s, reconnecting: true, bytesPerSecond: null } : s));
    window.addEventListener("offline", offline);
    return () => window.removeEventListener("offline", offline);
  }, []);

  const begin = useCallback(async (current: Upload) => {
    const previous = await current.findPreviousUploads().catch(() => []);
    if (previous[0]) current.resumeFromPreviousUpload(previous[0]);
    current.start();
  }, []);

  const start = useCallback(
    (file: File, type: string) => {
      upload.current?.abort();
      samples.current = [];
      const fileName = file.name;
      setState({ phase: "uploading", fileName, sent: 0, total: file.size, bytesPerSecond: null });
      const next = new Upload(file, {
        endpoint: "/api/uploads",
        retryDelays: RETRY_DELAYS,
        chunkSize: CHUNK_BYTES,
        metadata: { kind: meta.kind, filetype: type, filename: fileName },
        removeFingerprintOnSuccess: true,
        onProgress(sent, total) {
          const now = performance.now();
          const list = samples.current;
          list.push({ at: now, sent });
          while (list.length > 2 && now - (list[0]?.at ?? now) > SPEED_WINDOW_MS) list.shift();
          const first = list[0];
          const elapsed = first ? (now - first.at) / 1000 : 0;
          const bytesPerSecond = first && elapsed > 0.25 ? (sent - first.sent) / elapsed : null;
          setState((s) =>
            s.phase === "uploading" ? { phase: "uploading", fileName, sent, total, bytesPerSecond } : s,
          );
        },
        // The library's own rule (no retry of a refusal: 4xx but 409 and 423), but also while the browser
        // says it is offline, which is when a retry is most wanted; the screen says "reconnecting".
        onShouldRetry(error) {
          const status = error.originalResponse?.getStatus() ?? 0;
          const retry = !(status >= 400 && status < 500) || status === 409 || status === 423;
          if (retry) {
            setState((s) => (s.phase === "uploading" ? { ...s, reconnecting: true, bytesPerSecond: null } : s));
          }
          return retry;
        },
        onSuccess() {
          const uploadId = next.url?.split("/").pop() ?? "";
          setState({ phase: "finished", fileName, total: file.size, uploadId });
        },
        onError(error) {
          setState((s) => ({
            phase: "failed",
            fileName,
            message: messageOf(error),
            sent: s.phase === "uploading" || s.phase === "paused" ? s.sent : 0,
            total: file.size,
          }));
        },
      });
      upload.current = next;
      void begin(next);
    },
    [meta.kind, begin],
  );

  const pause = useCallback(() => {
    void upload.current?.abort();
    samples.current = [];
    setState((s) => (s.phase === "uploading" ? { ...s, phase: "paused", bytesPerSecond: null } : s));
  }, []);

  /** Carries on after a pause or a failure, from the byte the server has. */
  const resume = useCallback(() => {
    const current = upload.current;
    if (!current) return;
    samples.current = [];
    setState((s) =>
      s.phase === "paused"
        ? { ...s, phase: "uploading" }
        : s.phase === "failed"
          ? { phase: "uploading", fileName: s.fileName, sent: s.sent, total: s.total, bytesPerSecond: null }
          : s,
    );
    current.start();
  }, []);

  /** Stops and forgets the file; an unfinished one is cancelled on the server too (a finished one expires unused). */
  const clear = useCallback(() => {
    const current = upload.current;
    upload.current = null;
    setState((s) => {
      if (current) void current.abort(s.phase !== "finished").catch(() => {});
      return { phase: "idle" };
    });
  }, []);

  return { state, start, pause, resume, clear };
}
