import { createHash, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Client, type SFTPWrapper } from "ssh2";
import { ACKNOWLEDGEMENTS_FOLDER } from "./acknowledgements";
import type { StoreConfig } from "./stores";

/** One file of a batch: bytes on our disk or text we generated. */
export interface BatchFile {
  /** Path inside the batch folder, with forward slashes. */
  relPath: string;
  source: { file: string } | { text: string };
}

/**
 * Where batches go. `upload` writes every file and then the manifest, each under a temporary name
 * renamed into place, so a store never picks up half a file and a batch without its manifest is
 * simply incomplete; writing the same batch again replaces it rather than adding to it.
 */
export interface Transport {
  isComplete(batchId: string, manifestName: string): Promise<boolean>;
  /**
   * `beforeManifest` runs after the files and before the manifest; it throws to leave the batch
   * incomplete (a worker whose batch another worker has since replaced must not complete it).
   */
  upload(batchId: string, files: BatchFile[], manifest: BatchFile, opts?: UploadOptions): Promise<void>;
  /**
   * The acknowledgement files the store has written whose names start with one of `prefixes`, with
   * their text: one listing and one connection for all of them, however many batches are waiting.
   */
  readAcknowledgements(prefixes: string[]): Promise<AcknowledgementFile[]>;
}

export interface UploadOptions {
  beforeManifest?: () => Promise<void>;
}

export interface AcknowledgementFile {
  name: string;
  text: string;
}

/** Larger files are not acknowledgements; they are skipped rather than read into memory. */
const MAX_ACK_BYTES = 1_000_000;

const matches = (name: string, prefixes: string[]) =>
  name.endsWith(".xml") && prefixes.some((prefix) => name.startsWith(prefix));

export function folderTransport(root: string): Transport {
  const exists = (p: string) =>
    fs
      .access(p)
      .then(() => true)
      .catch(() => false);
  async function put(batchDir: string, file: BatchFile) {
    const dest = path.join(batchDir, ...file.relPath.split("/"));
    await fs.mkdir(path.dirname(dest), { recursive: true });
    const part = `${dest}.part`;
    if ("file" in file.source) await fs.copyFile(file.source.file, part);
    else await fs.writeFile(part, file.source.text);
    await fs.rename(part, dest);
  }
  return {
    isComplete: (batchId, manifestName) => exists(path.join(root, batchId, manifestName)),
    async readAcknowledgements(prefixes) {
      const dir = path.join(root, ACKNOWLEDGEMENTS_FOLDER);
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const out: AcknowledgementFile[] = [];
      for (const name of names.filter((n) => matches(n, prefixes)).sort()) {
        const file = path.join(dir, name);
        if ((await fs.stat(file)).size <= MAX_ACK_BYTES) out.push({ name, text: await fs.readFile(file, "utf8") });
      }
      return out;
    },
    async upload(batchId, files, manifest, opts) {
      const batchDir = path.join(root, batchId);
      for (const file of files) await put(batchDir, file);
      await opts?.beforeManifest?.();
      await put(batchDir, manifest);
    },
  };
}

type SftpStore = Extract<StoreConfig["transport"], { kind: "sftp" }>;

/** A host key's fingerprint as OpenSSH prints it: "SHA256:" and the unpadded base64 of its SHA-256. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

export const HOST_KEY_MISMATCH =
  "The store's SSH host key does not match the fingerprint configured for it; nothing was sent.";

/**
 * SFTP drop box (ssh2): one connection per operation, closed afterwards. The server must present
 * the host key whose fingerprint the store's configuration names: anyone in the middle of a
 * connection would otherwise receive our masters.
 */
export function sftpTransport(config: SftpStore): Transport {
  const expected = Buffer.from(config.hostKeySha256);
  async function withSftp<T>(fn: (sftp: SFTPWrapper) => Promise<T>): Promise<T> {
    const privateKey = config.privateKeyPath ? await fs.readFile(config.privateKeyPath) : undefined;
    const client = new Client();
    let keyRefused = false;
    return new Promise<T>((resolve, reject) => {
      client
        .on("ready", () => {
          client.sftp((err, sftp) => {
            if (err) {
              client.end();
              return reject(err);
            }
            fn(sftp).then(
              (value) => {
                client.end();
                resolve(value);
              },
              (error) => {
                client.end();
                reject(error);
              },
            );
          });
        })
        .on("error", (err) => reject(keyRefused ? new Error(HOST_KEY_MISMATCH) : err))
        .connect({
          host: config.host,
          port: config.port,
          username: config.username,
          password: config.password,
          privateKey,
          readyTimeout: 15_000,
          hostVerifier: (key: Buffer) => {
            const actual = Buffer.from(hostKeyFingerprint(key));
            const ok = actual.length === expected.length && timingSafeEqual(actual, expected);
            keyRefused = !ok;
            return ok;
          },
        });
    });
  }
  const call = <T>(fn: (cb: (err: Error | null | undefined, value?: T) => void) => void) =>
    new Promise<T>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value as T))));
  const exists = (sftp: SFTPWrapper, p: string) =>
    call<unknown>((cb) => sftp.stat(p, cb)).then(
      () => true,
      () => false,
    );
  async function mkdirp(sftp: SFTPWrapper, dir: string) {
    const parts = dir.split("/").filter(Boolean);
    let current = dir.startsWith("/") ? "" : ".";
    for (const part of parts) {
      current = `${current}/${part}`;
      if (!(await exists(sftp, current))) await call<void>((cb) => sftp.mkdir(current, (e) => cb(e)));
    }
  }
  async function put(sftp: SFTPWrapper, batchDir: string, file: BatchFile) {
    const dest = `${batchDir}/${file.relPath}`;
    await mkdirp(sftp, path.posix.dirname(dest));
    const part = `${dest}.part`;
    if ("file" in file.source) {
      const local = file.source.file;
      await call<void>((cb) => sftp.fastPut(local, part, (e) => cb(e)));
    } else {
      const text = file.source.text;
      await call<void>((cb) => sftp.writeFile(part, text, (e) => cb(e)));
    }
    if (await exists(sftp, dest)) await call<void>((cb) => sftp.unlink(dest, (e) => cb(e)));
    await call<void>((cb) => sftp.rename(part, dest, (e) => cb(e)));
  }
  const batchDir = (batchId: string) => path.posix.join(config.path, batchId);
  return {
    isComplete: (batchId, manifestName) => withSftp((sftp) => exists(sftp, `${batchDir(batchId)}/${manifestName}`)),
    readAcknowledgements: (prefixes) =>
      withSftp(async (sftp) => {
        const dir = path.posix.join(config.path, ACKNOWLEDGEMENTS_FOLDER);
        const entries = await call<{ filename: string; attrs: { size?: number } }[]>((cb) =>
          sftp.readdir(dir, cb),
        ).catch(() => []);
        const out: AcknowledgementFile[] = [];
        const wanted = entries
          .filter((e) => matches(e.filename, prefixes) && (e.attrs.size ?? 0) <= MAX_ACK_BYTES)
          .map((e) => e.filename)
          .sort();
        for (const name of wanted) {
          const data = await call<Buffer>((cb) => sftp.readFile(`${dir}/${name}`, cb));
          out.push({ name, text: data.toString("utf8") });
        }
        return out;
      }),
    upload: (batchId, files, manifest, opts) =>
      withSftp(async (sftp) => {
        for (const file of files) await put(sftp, batchDir(batchId), file);
        await opts?.beforeManifest?.();
        await put(sftp, batchDir(batchId), manifest);
      }),
  };
}

export function transportFor(store: StoreConfig): Transport {
  return store.transport.kind === "folder" ? folderTransport(store.transport.path) : sftpTransport(store.transport);
}
