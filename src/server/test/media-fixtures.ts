import { randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Finding } from "#domain/quality";
import type { Database } from "#server/db/client";
import { releases } from "#server/db/schema";
import { type PcmSpec, pcm, type Signal, wav as wavOf } from "#server/media/wav";

export type { PcmSpec };

/**
 * A tune of random notes (a new one each call), panned a little apart: what test files hold unless
 * they ask for other sound. Each file is different music, as two artists' files would be: the
 * duplicate check matches identical or re-encoded audio, so one shared test tone would match itself
 * across unrelated releases (and Playwright's workers share one server).
 */
function randomTune(): Signal {
  let state = randomInt(2 ** 31);
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const notes = Array.from({ length: 64 }, () => 220 * 2 ** (Math.floor(next() * 24) / 12));
  return (t, channel) => {
    const note = notes[Math.floor(t * 4) % notes.length] ?? 220;
    const pluck = 1 - ((t * 4) % 1) * 0.6;
    const pan = channel === 0 ? 0.6 : 0.4;
    return 0.4 * pan * pluck * (Math.sin(2 * Math.PI * note * t) + 0.3 * Math.sin(4 * Math.PI * note * t));
  };
}

/** A real WAV file (see media/wav.ts) holding a random tune unless given other sound. */
export function wav(spec: Parameters<typeof wavOf>[0], signal: Signal = randomTune()): Buffer {
  return wavOf(spec, signal);
}

// --- FLAC: STREAMINFO and frames of VERBATIM subframes, with the format's CRCs ---

function crc8(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private used = 0;
  write(value: number, bits: number) {
    for (let i = bits - 1; i >= 0; i--) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** i) & 1);
      this.used++;
      if (this.used === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }
  buffer(): Buffer {
    if (this.used) this.write(0, 8 - this.used);
    return Buffer.from(this.bytes);
  }
}

/** The frame header's codes for common sample rates. */
const FLAC_RATE_CODES: Record<number, number> = {
  88200: 0b0001,
  176400: 0b0010,
  192000: 0b0011,
  8000: 0b0100,
  16000: 0b0101,
  22050: 0b0110,
  24000: 0b0111,
  32000: 0b1000,
  44100: 0b1001,
  48000: 0b1010,
  96000: 0b1011,
};

/** A real FLAC file (uncompressed VERBATIM subframes): decoders read it; headers carry the spec. */
export function flac(spec: PcmSpec, signal: Signal = randomTune()): Buffer {
  const frames = Math.round(spec.sampleRate * spec.seconds);
  const samples = pcm(spec, signal);
  const bytes = spec.bitDepth / 8;
  const blockSize = 4096;
  const info = new BitWriter();
  info.write(blockSize, 16);
  info.write(blockSize, 16);
  info.write(0, 24);
  info.write(0, 24);
  info.write(spec.sampleRate, 20);
  info.write(spec.channels - 1, 3);
  info.write(spec.bitDepth - 1, 5);
  info.write(frames, 36);
  for (let i = 0; i < 16; i++) info.write(0, 8); // MD5 unknown: allowed by the format
  const streamInfo = info.buffer();
  const blockHeader = Buffer.from([0x80, 0, 0, streamInfo.length]); // last metadata block, type 0
  const parts: Buffer[] = [Buffer.from("fLaC"), blockHeader, streamInfo];
  const sampleSizeCode = spec.bitDepth === 16 ? 0b100 : 0b110;
  for (let frame = 0, start = 0; start < frames; frame++, start += blockSize) {
    const n = Math.min(blockSize, frames - start);
    const head = new BitWriter();
    head.write(0b11111111111110, 14);
    head.write(0, 1);
    head.write(0, 1); // fixed block size
    head.write(0b0111, 4); // block size: 16-bit value at the end of the header
    head.write(FLAC_RATE_CODES[spec.sampleRate] ?? 0, 4); // the rate's code, as encoders write it (0: see STREAMINFO)
    head.write(spec.channels - 1, 4); // independent channels
    head.write(sampleSizeCode, 3);
    head.write(0, 1);
    if (frame > 127) throw new Error("fixture FLACs are short");
    head.write(frame, 8); // UTF-8 coded frame number (< 128: one byte)
    head.write(n - 1, 16);
    const header = head.buffer();
    const body = new BitWriter();
    for (let ch = 0; ch < spec.channels; ch++) {
      body.write(0, 1);
      body.write(0b000001, 6); // VERBATIM
      body.write(0, 1);
      for (let i = 0; i < n; i++) {
        const value = samples.readIntLE(((start + i) * spec.channels + ch) * bytes, bytes);
        body.write(value < 0 ? value + 2 ** spec.bitDepth : value, spec.bitDepth);
      }
    }
    const withCrc8 = Buffer.concat([header, Buffer.from([crc8(header)]), body.buffer()]);
    const crc = Buffer.alloc(2);
    crc.writeUInt16BE(crc16(withCrc8));
    parts.push(withCrc8, crc);
  }
  return Buffer.concat(parts);
}

/** A real image of one colour. */
export async function image(opts: {
  width: number;
  height: number;
  format: "jpeg" | "png" | "gif";
  cmyk?: boolean;
}): Promise<Buffer> {
  let img = sharp({
    create: { width: opts.width, height: opts.height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  });
  if (opts.cmyk) img = img.toColourspace("cmyk");
  if (opts.format === "jpeg") return img.jpeg({ quality: 60 }).toBuffer();
  if (opts.format === "png") return img.png({ compressionLevel: 1 }).toBuffer();
  return img.gif().toBuffer();
}

/** Good files every test release can point at. */
export async function goodMedia() {
  return {
    audio: wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 1 }),
    artwork: await image({ width: 3000, height: 3000, format: "jpeg" }),
  };
}

export interface MediaServer {
  /** "127.0.0.1:port", for FETCH_ALLOW_HOSTS. */
  host: string;
  url(path: string): string;
  put(path: string, body: Buffer): void;
  redirect(path: string, to: string): void;
  close(): Promise<void>;
}

/** An HTTP server standing in for an artist's file host. */
export async function startMediaServer(): Promise<MediaServer> {
  const files = new Map<string, Buffer>();
  const redirects = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    const to = redirects.get(path);
    if (to) {
      res.writeHead(302, { location: to }).end();
      return;
    }
    const body = files.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-length": body.length, "content-type": "application/octet-stream" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    put: (path, body) => files.set(path, body),
    redirect: (path, to) => redirects.set(path, to),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Puts a release's quality check straight into a finished state, for tests that are about something else. */
export async function setQualityChecked(database: Database, id: string, findings: Finding[] = []) {
  await database.db
    .update(releases)
    .set({ qcStatus: "done", qcFindings: findings, qcCheckedAt: new Date() })
    .where(eq(releases.id, id));
}
