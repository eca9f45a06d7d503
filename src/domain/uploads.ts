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

const sizeLabel = (bytes: number) => (bytes >= GiB ? `${bytes / GiB} GB` : `${bytes / MiB} MB`);

export const UPLOAD_MESSAGES = {
  kindRequired: "Say what the file is for: audio or artwork.",
  wrongType: (kind: UploadKind) =>
    `${kind === "audio" ? "Audio" : "Artwork"} must be a ${UPLOAD_LIMITS[kind].label} file.`,
  tooLarge: (kind: UploadKind) =>
    `${kind === "audio" ? "Audio files" : "Artwork"} can be at most ${sizeLabel(UPLOAD_LIMITS[kind].maxBytes)}.`,
  lengthRequired: "The upload must say its size (Upload-Length) when it starts.",
  tooManyUnfinished: `You have ${MAX_UNFINISHED_UPLOADS} uploads still in progress. Finish or cancel one first.`,
  notFound: "Upload not found.",
  noRoom: "There is no room for this file on our side right now. Nothing was lost: try again later to resume.",
} as const;

/** The kind a declared content type belongs to, if it is one we take. */
export function isAllowedType(kind: UploadKind, contentType: string): boolean {
  return UPLOAD_LIMITS[kind].types.includes(contentType.trim().toLowerCase());
}
