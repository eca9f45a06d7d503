import { t } from "./i18n";

/** Release types and their labels (product §3): their own module, so tracks and releases can share them. */
export const RELEASE_TYPES = ["single", "ep", "album", "compilation"] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export const RELEASE_TYPE_LABELS: Record<ReleaseType, string> = {
  get single() {
    return t("release.type.single");
  },
  get ep() {
    return t("release.type.ep");
  },
  get album() {
    return t("release.type.album");
  },
  get compilation() {
    return t("release.type.compilation");
  },
};
