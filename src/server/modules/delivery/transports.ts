import fs from "node:fs/promises";
import path from "node:path";
import { Client, type SFTPWrapper } from "ssh2";
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
  upload(batchId: string, files: BatchFile[], manifest: BatchFile): Promise<void>;
  /** The store's acknowledgement for a batch, when it has written one (ACK_<batch>.xml in the batch folder). */
  isAcknowledged(batchId: string): Promise<boolean>;
}

export function ackFileName(batchId: string): string {
  return `ACK_${batchId}.xml`;
}

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
    isAcknowledged: (batchId) => exists(path.join(root, batchId, ackFileName(batchId))),
    async upload(batchId, files, manifest) {
      const batchDir = path.join(root, batchId);
      for (const file of files) await put(batchDir, file);
      await put(batchDir, manifest);
    },
  };
}

type SftpStore = Extract<StoreConfig["transport"], { kind: "sftp" }>;

/** SFTP drop box (ssh2): one connection per operation, closed afterwards. */
export function sftpTransport(config: SftpStore): Transport {
  async function withSftp<T>(fn: (sftp: SFTPWrapper) => Promise<T>): Promise<T> {
    const privateKey = config.privateKeyPath ? await fs.readFile(config.privateKeyPath) : undefined;
    const client = new Client();
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
        .on("error", reject)
        .connect({
          host: config.host,
          port: config.port,
          username: config.username,
          password: config.password,
          privateKey,
          readyTimeout: 15_000,
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
    isAcknowledged: (batchId) => withSftp((sftp) => exists(sftp, `${batchDir(batchId)}/${ackFileName(batchId)}`)),
    upload: (batchId, files, manifest) =>
      withSftp(async (sftp) => {
        for (const file of files) await put(sftp, batchDir(batchId), file);
        await put(sftp, batchDir(batchId), manifest);
      }),
  };
}

export function transportFor(store: StoreConfig): Transport {
  return store.transport.kind === "folder" ? folderTransport(store.transport.path) : sftpTransport(store.transport);
}
