import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { hashFile } from "./file-hashes";
import { type FetchedFile, type FetchPolicy, safeDownload } from "./safe-fetch";

/** What one download may override of the store's policy: a smaller limit (a quota) and a stop signal. */
export type FetchOptions = Pick<FetchPolicy, "signal" | "tooLargeMessage"> & { maxBytes?: number };

/**
 * Files fetched from artists' links, stored by content (SHA-256), so the quality check and every
 * later delivery read exactly the bytes that were checked.
 */
export interface MediaStore {
  fetch(url: string, options?: FetchOptions): Promise<FetchedFile>;
  pathOf(sha256: string): string;
  /**
   * Takes in a file already on this disk (a finished upload): read once for its SHA-256 and MD5, then
   * linked into the store under its SHA-256 (copied if it cannot be linked). The original stays.
   */
  adopt(filePath: string, known?: { sha256: string; md5: string }): Promise<AdoptedFile>;
  /** The same for bytes that are not on this disk (an upload kept in an S3 bucket): written once while hashed. */
  adoptStream(source: AsyncIterable<Uint8Array>): Promise<AdoptedFile>;
  has(sha256: string): Promise<boolean>;
  /**
   * A file derived from a stored one (e.g. a cover resized for share previews), made once by `make` and
   * kept beside the store, so a request never decodes the original again (issue 33). Returns its path.
   */
  derived(sha256: string, variant: string, make: (sourcePath: string) => Promise<Uint8Array>): Promise<string>;
  /**
   * Removes stored files no release refers to (and abandoned partial downloads), once they are older
   * than `graceMs` so a check still running keeps its files. Returns what was removed.
   */
  sweep(referenced: (sha256: string[]) => Promise<Set<string>>, graceMs: number): Promise<SweepResult>;
}

export interface AdoptedFile {
  sha256: string;
  md5: string;
  bytes: number;
  path: string;
}

export interface SweepResult {
  removed: string[];
  bytes: number;
}

const SHA256 = /^[0-9a-f]{64}$/;

export function createMediaStore(dir: string, policy: FetchPolicy): MediaStore {
  const pathOf = (sha256: string) => path.join(dir, sha256.slice(0, 2), sha256);
  // Outside the store's folder, so the sweep (which removes every unreferenced name there) leaves them.
  const derivedDir = `${dir.replace(/[/\\]+$/, "")}-derived`;
  const derivedOf = (sha256: string, variant: string) =>
    path.join(derivedDir, sha256.slice(0, 2), `${sha256}.${variant}`);
  return {
    pathOf,
    async derived(sha256, variant, make) {
      if (!SHA256.test(sha256) || !/^[\w.-]+$/.test(variant)) throw new Error("bad derived file name");
      const file = derivedOf(sha256, variant);
      if (
        await fs.access(file).then(
          () => true,
          () => false,
        )
      )
        return file;
      const bytes = await make(pathOf(sha256));
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: two requests making it at once each leave a whole file.
      const temp = `${file}.${randomUUID()}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
      return file;
    },
    async has(sha256) {
      return fs
        .access(pathOf(sha256))
        .then(() => true)
        .catch(() => false);
    },
    async adopt(filePath, known) {
      // Hashes taken as the bytes arrived (an upload) spare reading the file again.
      const {
        sha256: digest,
        md5,
        bytes,
      } = known ? { ...known, bytes: (await fs.stat(filePath)).size } : await hashFile(filePath);
      const final = pathOf(digest);
      await fs.mkdir(path.dirname(final), { recursive: true });
      if (!(await this.has(digest))) {
        await fs.link(filePath, final).catch(async () => {
          const temp = path.join(dir, "tmp", randomUUID());
          await fs.mkdir(path.dirname(temp), { recursive: true });
          await fs.copyFile(filePath, temp);
          await fs.rename(temp, final);
        });
      }
      return { sha256: digest, md5, bytes, path: final };
    },
    async adoptStream(source) {
      const temp = path.join(dir, "tmp", randomUUID());
      await fs.mkdir(path.dirname(temp), { recursive: true });
      const sha256 = createHash("sha256");
      const md5 = createHash("md5");
      let bytes = 0;
      const out = createWriteStream(temp);
      try {
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Uint8Array>) {
            for await (const chunk of chunks) {
              sha256.update(chunk);
              md5.update(chunk);
              bytes += chunk.length;
              yield chunk;
            }
          },
          out,
        );
        const digest = sha256.digest("hex");
        const final = pathOf(digest);
        await fs.mkdir(path.dirname(final), { recursive: true });
        await fs.rename(temp, final);
        return { sha256: digest, md5: md5.digest("hex"), bytes, path: final };
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async fetch(url, options = {}) {
      await fs.mkdir(path.join(dir, "tmp"), { recursive: true });
      const temp = path.join(dir, "tmp", randomUUID());
      const file = await safeDownload(url, temp, {
        ...policy,
        ...options,
        maxBytes: Math.min(policy.maxBytes, options.maxBytes ?? policy.maxBytes),
      });
      const final = pathOf(file.sha256);
      await fs.mkdir(path.dirname(final), { recursive: true });
      await fs.rename(temp, final);
      return { ...file, path: final };
    },
    async sweep(referenced, graceMs) {
      const cutoff = Date.now() - graceMs;
      const result: SweepResult = { removed: [], bytes: 0 };
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isDirectory()) continue;
        const sub = path.join(dir, entry.name);
        const names = await fs.readdir(sub).catch(() => [] as string[]);
        const old: { name: string; size: number }[] = [];
        for (const name of names) {
          const stat = await fs.stat(path.join(sub, name)).catch(() => null);
          if (stat?.isFile() && stat.mtimeMs <= cutoff) old.push({ name, size: stat.size });
        }
        // Partial downloads left by a crash are never referenced; stored files only when no release uses them.
        const inUse =
          entry.name === "tmp"
            ? new Set<string>()
            : await referenced(old.map((f) => f.name).filter((n) => SHA256.test(n)));
        for (const file of old) {
          if (inUse.has(file.name)) continue;
          await fs.rm(path.join(sub, file.name), { force: true });
          // Its derived files go with it.
          const derived = await fs.readdir(path.join(derivedDir, entry.name)).catch(() => [] as string[]);
          for (const name of derived.filter((n) => n.startsWith(`${file.name}.`))) {
            await fs.rm(path.join(derivedDir, entry.name, name), { force: true });
          }
          result.removed.push(file.name);
          result.bytes += file.size;
        }
      }
      return result;
    },
  };
}
