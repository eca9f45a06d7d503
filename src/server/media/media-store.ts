import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type FetchedFile, type FetchPolicy, safeDownload } from "./safe-fetch";

/**
 * Files fetched from artists' links, stored by content (SHA-256), so the quality check and every
 * later delivery read exactly the bytes that were checked.
 */
export interface MediaStore {
  fetch(url: string): Promise<FetchedFile>;
  pathOf(sha256: string): string;
  has(sha256: string): Promise<boolean>;
}

export function createMediaStore(dir: string, policy: FetchPolicy): MediaStore {
  const pathOf = (sha256: string) => path.join(dir, sha256.slice(0, 2), sha256);
  return {
    pathOf,
    async has(sha256) {
      return fs
        .access(pathOf(sha256))
        .then(() => true)
        .catch(() => false);
    },
    async fetch(url) {
      await fs.mkdir(path.join(dir, "tmp"), { recursive: true });
      const temp = path.join(dir, "tmp", randomUUID());
      const file = await safeDownload(url, temp, policy);
      const final = pathOf(file.sha256);
      await fs.mkdir(path.dirname(final), { recursive: true });
      await fs.rename(temp, final);
      return { ...file, path: final };
    },
  };
}
