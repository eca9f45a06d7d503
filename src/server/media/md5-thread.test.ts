import { createHash, randomBytes } from "node:crypto";
import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { md5OnThread } from "./md5-thread";

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

/** Feeds `bytes` in chunks of `chunk` bytes, waiting whenever the thread is behind; counts the waits. */
async function feed(stream: ReturnType<typeof md5OnThread>, bytes: Buffer, chunk: number) {
  let waits = 0;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const behind = stream.update(bytes.subarray(offset, offset + chunk));
    if (behind) {
      waits++;
      await behind;
    }
  }
  return waits;
}

describe("MD5 on its own thread", () => {
  it("gives the MD5 of every byte, whatever the chunks and across batch boundaries", async () => {
    for (const [size, chunk] of [
      [0, 1],
      [1, 1],
      [1024 * 1024, 1024 * 1024],
      [3 * 1024 * 1024 + 5, 65_536],
      [2 * 1024 * 1024 + 1, 3 * 1024 * 1024],
      // One chunk larger than every batch in flight together: its rest waits for room.
      [20 * 1024 * 1024 + 3, 20 * 1024 * 1024 + 3],
    ] as const) {
      const bytes = randomBytes(size);
      const stream = md5OnThread();
      await feed(stream, bytes, chunk);
      expect(await stream.digest(), `${size} bytes in chunks of ${chunk}`).toBe(md5(bytes));
    }
  });

  it("keeps streams apart when they are fed at the same time, and forgets a dropped one", async () => {
    const a = randomBytes(5 * 1024 * 1024 + 3);
    const b = randomBytes(4 * 1024 * 1024 + 7);
    const first = md5OnThread();
    const second = md5OnThread();
    const dropped = md5OnThread();
    await Promise.all([feed(first, a, 100_000), feed(second, b, 70_000), feed(dropped, a, 1 << 20)]);
    dropped.drop();
    // A dropped stream takes no more bytes, and has no digest.
    expect(dropped.update(a)).toBeUndefined();
    await expect(dropped.digest()).rejects.toThrow();
    expect(await second.digest()).toBe(md5(b));
    expect(await first.digest()).toBe(md5(a));
  });

  it("lets a caller waiting for room go on when its stream is dropped", async () => {
    // An upload that expires mid-request drops its stream: the request's bytes must not wait for
    // acknowledgements nobody listens to any more.
    const stream = md5OnThread();
    const behind = stream.update(Buffer.alloc(16 * 1024 * 1024, 1));
    expect(behind).toBeInstanceOf(Promise);
    stream.drop();
    await expect(behind).resolves.toBeUndefined();
  });

  it("asks the caller to wait once the thread is behind, so memory stays bounded", async () => {
    // 64 MiB handed over in one go at a time: the thread cannot keep up, and update says so.
    const bytes = Buffer.alloc(64 * 1024 * 1024, 7);
    const stream = md5OnThread();
    const waits = await feed(stream, bytes, 4 * 1024 * 1024);
    expect(waits).toBeGreaterThan(0);
    expect(await stream.digest()).toBe(md5(bytes));
  });

  it("hands the thread its batches in one block of shared memory, not a new buffer for each MiB", async () => {
    // Each new buffer is external memory to V8 until a collection finds it dead; a 500 MB upload's
    // 500 of them set off back-to-back mark-compacts (decision 053).
    const posted = vi.spyOn(Worker.prototype, "postMessage");
    try {
      const bytes = randomBytes(40 * 1024 * 1024);
      const stream = md5OnThread();
      await feed(stream, bytes, 65_536);
      expect(await stream.digest()).toBe(md5(bytes));
      const messages = posted.mock.calls;
      const buffers = messages.flatMap(([message]) =>
        Object.values(message as object).filter((v) => v instanceof ArrayBuffer || v instanceof SharedArrayBuffer),
      );
      expect(messages.length).toBeGreaterThan(40);
      expect(buffers).toHaveLength(1);
      expect(buffers[0]).toBeInstanceOf(SharedArrayBuffer);
      // Nothing is moved (transferred) from one thread to the other.
      expect(messages.every(([, transfer]) => transfer === undefined)).toBe(true);
    } finally {
      posted.mockRestore();
    }
  });
});
