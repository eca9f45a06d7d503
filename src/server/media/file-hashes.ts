import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { type Md5Stream, md5OnThread } from "./md5-thread";

/** Below this, a second thread costs more than it saves. */
const PARALLEL_FROM_BYTES = 32 * 1024 * 1024;
const READ_CHUNK = 1024 * 1024;

/**
 * A file's SHA-256 and MD5 in one read. For large files (a master WAV) the MD5 is computed on its own
 * thread while this one computes the SHA-256, so the pass takes about as long as the slower of the
 * two rather than their sum.
 */
export async function hashFile(filePath: string): Promise<{ sha256: string; md5: string; bytes: number }> {
  const { size } = await fs.stat(filePath);
  const sha256 = createHash("sha256");
  const md5 = size < PARALLEL_FROM_BYTES ? md5Here() : md5OnThread();
  let bytes = 0;
  try {
    for await (const chunk of createReadStream(filePath, { highWaterMark: READ_CHUNK })) {
      const buffer = chunk as Buffer;
      sha256.update(buffer);
      bytes += buffer.length;
      await md5.update(buffer);
    }
  } catch (err) {
    md5.drop();
    throw err;
  }
  return { sha256: sha256.digest("hex"), md5: await md5.digest(), bytes };
}

/** MD5 on this thread, for a small file: cheaper than sending its bytes to another. */
function md5Here(): Md5Stream {
  const hash = createHash("md5");
  return {
    update: (chunk) => void hash.update(chunk),
    digest: async () => hash.digest("hex"),
    drop: () => {},
  };
}
