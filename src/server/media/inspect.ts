import fs from "node:fs/promises";
import { parseFile } from "music-metadata";
import sharp from "sharp";
import type { ArtworkFacts, AudioFacts } from "#domain/quality";

const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Reads an audio file's technical facts from its own headers. WAV is read directly from its chunks:
 * for WAVE_FORMAT_EXTENSIBLE (how 24-bit and multichannel WAVs are written) the real encoding is the
 * sub-format GUID, which general-purpose tag readers report loosely. Everything else goes through
 * music-metadata. Null when the file is not audio we can read.
 */
export async function inspectAudio(file: string): Promise<AudioFacts | null> {
  const fh = await fs.open(file, "r");
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await fh.read(head, 0, 12, 0);
    if (bytesRead >= 12 && head.toString("ascii", 0, 4) === "RIFF" && head.toString("ascii", 8, 12) === "WAVE") {
      return await readWav(fh);
    }
  } finally {
    await fh.close();
  }
  try {
    const { format } = await parseFile(file, { duration: true, skipCovers: true });
    if (!format.container) return null;
    const container = format.container.toLowerCase();
    return {
      container: container === "flac" ? "flac" : container,
      encoding: format.lossless ? "pcm" : "other",
      bitDepth: format.bitsPerSample ?? null,
      sampleRate: format.sampleRate ?? null,
      channels: format.numberOfChannels ?? null,
      durationSeconds: format.duration ?? null,
    };
  } catch {
    return null;
  }
}

/** More chunks than any WAV writer makes before its audio. */
const MAX_WAV_CHUNKS = 1024;

/** Where a WAV's audio is and how it is laid out, from its chunks (what the header claims). */
export interface WavLayout {
  formatTag: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitsPerSample: number;
  validBits: number;
  /** Where the samples start, and how many bytes of them the file holds. */
  dataOffset: number;
  dataBytes: number;
  truncated: boolean;
}

/** Reads a WAV's layout from its chunks; null when it has no readable fmt and data chunks. */
export async function readWavLayout(fh: fs.FileHandle): Promise<WavLayout | null> {
  const { size } = await fh.stat();
  let offset = 12;
  let fmt: Buffer | undefined;
  let data: { offset: number; bytes: number } | undefined;
  let truncated = false;
  const header = Buffer.alloc(8);
  // Walk the chunks (fmt, data, and any LIST/bext/… between) by their declared sizes. A real WAV has a
  // handful; a file of millions of empty chunks is not one we read (issue 33: it held a request 108 s).
  let chunks = 0;
  while (offset + 8 <= size && (!fmt || data === undefined)) {
    if (++chunks > MAX_WAV_CHUNKS) return null;
    await fh.read(header, 0, 8, offset);
    const id = header.toString("ascii", 0, 4);
    const length = header.readUInt32LE(4);
    if (id === "fmt ") {
      fmt = Buffer.alloc(Math.min(length, 64));
      await fh.read(fmt, 0, fmt.length, offset + 8);
    } else if (id === "data") {
      data = { offset: offset + 8, bytes: Math.min(length, size - offset - 8) };
      // 0xFFFFFFFF is how streaming writers say "unknown length"; anything else past the end is a cut.
      truncated = length !== 0xffffffff && length > data.bytes;
    }
    offset += 8 + length + (length % 2);
  }
  if (!fmt || fmt.length < 16 || !data) return null;
  let formatTag = fmt.readUInt16LE(0);
  const bitsPerSample = fmt.readUInt16LE(14);
  let validBits = bitsPerSample;
  if (formatTag === WAVE_FORMAT_EXTENSIBLE && fmt.length >= 40) {
    validBits = fmt.readUInt16LE(18) || bitsPerSample;
    formatTag = fmt.readUInt16LE(24); // first two bytes of the sub-format GUID are the format code
  }
  return {
    formatTag,
    channels: fmt.readUInt16LE(2),
    sampleRate: fmt.readUInt32LE(4),
    blockAlign: fmt.readUInt16LE(12),
    bitsPerSample,
    validBits,
    dataOffset: data.offset,
    dataBytes: data.bytes,
    truncated,
  };
}

/** The WAV format codes for integer and floating-point samples. */
export const WAV_FORMAT = { pcm: WAVE_FORMAT_PCM, float: WAVE_FORMAT_IEEE_FLOAT } as const;

async function readWav(fh: fs.FileHandle): Promise<AudioFacts | null> {
  const wav = await readWavLayout(fh);
  if (!wav) return null;
  const { formatTag, blockAlign, sampleRate, dataBytes } = wav;
  const encoding = formatTag === WAVE_FORMAT_PCM ? "pcm" : formatTag === WAVE_FORMAT_IEEE_FLOAT ? "float" : "other";
  const durationSeconds = blockAlign > 0 && sampleRate > 0 ? dataBytes / blockAlign / sampleRate : null;
  return {
    container: "wav",
    encoding,
    bitDepth: wav.validBits,
    sampleRate,
    channels: wav.channels,
    durationSeconds,
    ...(wav.truncated ? { truncated: true } : {}),
  };
}

/** An image's format, size and colour space, from the image itself. Null when it is not an image. */
export async function inspectArtwork(file: string): Promise<ArtworkFacts | null> {
  try {
    const meta = await sharp(file, { limitInputPixels: 100_000_000 }).metadata();
    if (!meta.format || !meta.width || !meta.height) return null;
    return { format: meta.format, width: meta.width, height: meta.height, colourSpace: meta.space ?? "unknown" };
  } catch {
    return null;
  }
}

/** What a file of this kind holds, read from the file itself (null: not readable as that kind). */
export function inspectFile(kind: "audio" | "artwork", file: string): Promise<AudioFacts | ArtworkFacts | null> {
  return kind === "audio" ? inspectAudio(file) : inspectArtwork(file);
}
