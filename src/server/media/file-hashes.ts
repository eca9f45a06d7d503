import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { Worker } from "node:worker_threads";

/** Below this, a second thread costs more than it saves. */
const PARALLEL_FROM_BYTES = 32 * 1024 * 1024;
const READ_CHUNK = 1024 * 1024;

/** Chunks handed to the MD5 thread and not yet hashed: memory stays bounded whatever the file size. */
const MAX_IN_FLIGHT = 8;

// MD5 on a second thread: given the chunks (moved, not copied), acknowledges each one and answers the
// digest at the end.
const MD5_WORKER = `
const { parentPort } = require("node:worker_threads");
const md5 = require("node:crypto").createHash("md5");
parentPort.on("message", (chunk) => {
  if (chunk === null) return parentPort.postMessage({ digest: md5.digest("hex") });
  md5.update(new Uint8Array(chunk));
  parentPort.postMessage({ ack: true });
});`;

/**
 * A file's SHA-256 and MD5 in one read. For large files (a master WAV) the MD5 is computed on a
 * second thread while this one computes the SHA-256, so the pass takes about as long as the slower of
 * the two rather than their sum.
 */
export async function hashFile(filePath: string): Promise<{ sha256: string; md5: string; bytes: number }> {
  const { size } = await fs.stat(filePath);
  const sha256 = createHash("sha256");
  let bytes = 0;
  if (size < PARALLEL_FROM_BYTES) {
    const md5 = createHash("md5");
    for await (const chunk of createReadStream(filePath, { highWaterMark: READ_CHUNK })) {
      sha256.update(chunk as Buffer);
      md5.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    return { sha256: sha256.digest("hex"), md5: md5.digest("hex"), bytes };
  }
  const worker = new Worker(MD5_WORKER, { eval: true });
  try {
    let inFlight = 0;
    let wake: (() => void) | undefined;
    let failed: Error | undefined;
    const md5 = new Promise<string>((resolve, reject) => {
      worker.on("message", (m: { ack?: true; digest?: string }) => {
        if (m.digest) return resolve(m.digest);
        inFlight--;
        wake?.();
      });
      worker.once("error", (err) => {
        failed = err;
        wake?.();
        reject(err);
      });
    });
    md5.catch(() => {});
    for await (const chunk of createReadStream(filePath, { highWaterMark: READ_CHUNK })) {
      const buffer = chunk as Buffer;
      sha256.update(buffer);
      bytes += buffer.length;
      while (inFlight >= MAX_IN_FLIGHT && !failed) await new Promise<void>((resolve) => (wake = resolve));
      if (failed) throw failed;
      // A copy the worker owns (a stream's chunk may share its memory with others).
      const owned = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length) as ArrayBuffer;
      inFlight++;
      worker.postMessage(owned, [owned]);
    }
    worker.postMessage(null);
    return { sha256: sha256.digest("hex"), md5: await md5, bytes };
  } finally {
    await worker.terminate();
  }
}
