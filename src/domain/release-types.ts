/** Release types and their labels (product §3): their own module, so tracks and releases can share them. */
export const RELEASE_TYPES = ["single", "ep", "album", "compilation"] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export const RELEASE_TYPE_LABELS: Record<ReleaseType, string> = {
  single: "Single",
  ep: "EP",
  album: "Album",
  compilation: "Compilation",
};
