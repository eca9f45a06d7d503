import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hashFile } from "./file-hashes";

describe("a file's hashes in one read", () => {
  it("match SHA-256 and MD5 of the bytes, for a small file and for a large one hashed on two threads", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-hash-"));
    try {
      for (const size of [0, 1000, 40 * 1024 * 1024 + 17]) {
        const bytes = size > 1e6 ? Buffer.concat([randomBytes(1e6), Buffer.alloc(size - 1e6, 7)]) : randomBytes(size);
        const file = path.join(dir, `f${size}`);
        await fs.writeFile(file, bytes);
        expect(await hashFile(file)).toEqual({
          sha256: createHash("sha256").update(bytes).digest("hex"),
          md5: createHash("md5").update(bytes).digest("hex"),
          bytes: size,
        });
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
