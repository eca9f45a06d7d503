import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { wav } from "#server/test/media-fixtures";
import { inspectAudio } from "./inspect";

describe("reading a WAV's facts", () => {
  it("reads a real WAV, and gives up on a file of endless empty chunks instead of walking them all (issue 33)", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-inspect-"));
    try {
      const good = path.join(dir, "good.wav");
      await fs.writeFile(good, wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 1 }));
      expect(await inspectAudio(good)).toMatchObject({ container: "wav", sampleRate: 44_100, channels: 2 });

      // RIFF/WAVE, then thousands of empty "JUNK" chunks before a real fmt and data: no writer makes
      // that, and walking such a file chunk by chunk is what held a request for 108 s. Refused unread.
      const real = wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 1 });
      const junk = Buffer.alloc(8 * 5_000);
      for (let i = 0; i < 5_000; i++) junk.write("JUNK", i * 8, "ascii");
      const head = Buffer.alloc(12);
      head.write("RIFF", 0, "ascii");
      head.writeUInt32LE(4 + junk.length + real.length - 12, 4);
      head.write("WAVE", 8, "ascii");
      const empty = path.join(dir, "empty-chunks.wav");
      await fs.writeFile(empty, Buffer.concat([head, junk, real.subarray(12)]));
      expect(await inspectAudio(empty)).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
