import { z } from "zod";
import { labelsAt, t } from "./i18n";

/**
 * Files artists upload (product §4, issue 17): what each kind of file may be, how large, and what we
 * say when it is not. The tus endpoint checks these before it stores a byte.
 */
export const UPLOAD_KINDS = ["audio", "artwork"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

export const UPLOAD_LIMITS: Record<UploadKind, { maxBytes: number; types: readonly string[]; label: string }> = {
  audio: {
    maxBytes: 2 * GiB,
    types: ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave", "audio/flac", "audio/x-flac"],
    label: "WAV or FLAC",
  },
  artwork: { maxBytes: 50 * MiB, types: ["image/jpeg", "image/png"], label: "JPG or PNG" },
};

/** Uploads one person may have started and not finished at once. */
export const MAX_UNFINISHED_UPLOADS = 10;
/** An unfinished upload untouched this long is removed with its bytes. */
export const UPLOAD_EXPIRY_HOURS = 24;
/** A finished upload no release uses is forgotten after this long (its bytes then go with the media sweep). */
export const UNUSED_UPLOAD_DAYS = 7;

/** "2 GB", "50 MB": the limits as we state them (binary units, as the checks count). */
export const sizeLabel = (bytes: number) => (bytes >= GiB ? `${bytes / GiB} GB` : `${bytes / MiB} MB`);

export const UPLOAD_MESSAGES = Object.assign(
  labelsAt("upload.msg", [
    "kindRequired",
    "lengthRequired",
    "notFound",
    "finishedStays",
    "empty",
    "notFinished",
    "noRoom",
  ]),
  {
    wrongType: (kind: UploadKind) => t("upload.msg.wrongType", { kind, label: UPLOAD_LIMITS[kind].label }),
    tooLarge: (kind: UploadKind) => t("upload.msg.tooLarge", { kind, size: sizeLabel(UPLOAD_LIMITS[kind].maxBytes) }),
    get tooManyUnfinished() {
      return t("upload.msg.tooManyUnfinished", { max: MAX_UNFINISHED_UPLOADS });
    },
    unusable: (kind: UploadKind) => t("upload.msg.unusable", { kind }),
    waiting: (n: number) => t("upload.waiting", { n }),
    overQuota: (leftMb: number, quotaMb: number) => t("upload.msg.overQuota", { leftMb, quotaMb }),
  },
);

/** The kind a declared content type belongs to, if it is one we take. */
export function isAllowedType(kind: UploadKind, contentType: string): boolean {
  return UPLOAD_LIMITS[kind].types.includes(contentType.trim().toLowerCase());
}

/** An upload's id as a release form sends it ("" for none). */
export const uploadIdSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/, { error: () => UPLOAD_MESSAGES.notFound })
  .default("");

const TYPE_BY_EXTENSION: Record<string, string> = {
  wav: "audio/wav",
  wave: "audio/wav",
  flac: "audio/flac",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * The type to declare for a chosen file: what the browser says when it is one we take, else what its
 * extension says (browsers leave FLAC and some WAVs untyped). The server checks the bytes anyway.
 */
export function declaredType(kind: UploadKind, file: { name: string; type: string }): string {
  if (isAllowedType(kind, file.type)) return file.type.toLowerCase();
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return TYPE_BY_EXTENSION[extension] ?? file.type;
}

/** What is wrong with a chosen file before any byte is sent, or undefined. */
export function uploadProblem(
  kind: UploadKind,
  file: { name: string; type: string; size: number },
): string | undefined {
  if (!isAllowedType(kind, declaredType(kind, file))) return UPLOAD_MESSAGES.wrongType(kind);
  if (file.size > UPLOAD_LIMITS[kind].maxBytes) return UPLOAD_MESSAGES.tooLarge(kind);
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  return undefined;
}

/** "35.2 MB", for people (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ["kB", "MB", "GB"] as const;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** "about 2 min left", from bytes still to send at the current speed; undefined when unknown. */
export function timeLeftLabel(remainingBytes: number, bytesPerSecond: number | null): string | undefined {
  if (!bytesPerSecond || bytesPerSecond <= 0) return undefined;
  const seconds = Math.ceil(remainingBytes / bytesPerSecond);
  if (seconds < 60) return t("upload.secondsLeft", { n: seconds });
  if (seconds < 3600) return t("upload.minutesLeft", { n: Math.round(seconds / 60) });
  return t("upload.hoursLeft", { n: (seconds / 3600).toFixed(1) });
}
