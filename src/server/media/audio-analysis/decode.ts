import fs from "node:fs";
import fsp from "node:fs/promises";
import { FLACDecoder } from "@wasm-audio-decoders/flac";
import { readWavLayout, WAV_FORMAT, type WavLayout } from "#server/media/inspect";

/** Audio we could not turn into samples: the reason, in words an artist can act on. */
export class AudioDecodeError extends Error {}

/** The stream's shape, known before the first samples. */
export interface PcmFormat {
  sampleRate: number;
  channels: number;
}

/** Receives samples between −1 and 1, one array per channel, chunk after chunk. */
export type PcmSink = (planar: Float32Array[]) => void;

/** Bytes read at a time: about a second of 24-bit stereo at 96 kHz. */
const CHUNK_BYTES = 1 << 19;

/**
 * Streams a WAV or FLAC file's samples to `sink`, in bounded memory, after telling `start` the format.
 * Throws AudioDecodeError for a file whose header does not describe its samples or that does not
 * decode; other errors (the disk) are ours.
 */
export async function decodePcm(
  file: string,
  container: string,
  start: (format: PcmFormat) => PcmSink,
  signal?: AbortSignal,
): Promise<void> {
  if (container === "wav") return decodeWav(file, start, signal);
  if (container === "flac") return decodeFlac(file, start, signal);
  throw new AudioDecodeError(`${container.toUpperCase()} audio is not measured; stores take WAV or FLAC.`);
}

/** The sample reader for a WAV's declared format, or why the header cannot be right. */
function wavSampleReader(wav: WavLayout): (bytes: Buffer, offset: number) => number {
  const bytesPerSample = wav.bitsPerSample / 8;
  if (wav.channels < 1 || wav.sampleRate < 1) {
    throw new AudioDecodeError("The file's header gives no channels or no sample rate.");
  }
  if (!Number.isInteger(bytesPerSample) || wav.blockAlign !== wav.channels * bytesPerSample) {
    throw new AudioDecodeError(
      `The file's header does not add up: ${wav.channels} channels of ${wav.bitsPerSample}-bit samples cannot make ${wav.blockAlign}-byte frames.`,
    );
  }
  if (wav.formatTag === WAV_FORMAT.float && bytesPerSample === 4) return (b, o) => b.readFloatLE(o);
  if (wav.formatTag === WAV_FORMAT.float && bytesPerSample === 8) return (b, o) => b.readDoubleLE(o);
  if (wav.formatTag === WAV_FORMAT.pcm) {
    if (bytesPerSample === 1) return (b, o) => ((b[o] as number) - 128) / 128;
    if (bytesPerSample === 2) return (b, o) => b.readInt16LE(o) / 32768;
    if (bytesPerSample === 3) return (b, o) => b.readIntLE(o, 3) / 8388608;
    if (bytesPerSample === 4) return (b, o) => b.readInt32LE(o) / 2147483648;
  }
  throw new AudioDecodeError(`${wav.bitsPerSample}-bit samples in format ${wav.formatTag} are not audio we can read.`);
}

async function decodeWav(file: string, start: (format: PcmFormat) => PcmSink, signal?: AbortSignal) {
  const fh = await fsp.open(file, "r");
  let wav: WavLayout | null;
  try {
    wav = await readWavLayout(fh);
  } finally {
    await fh.close();
  }
  if (!wav) throw new AudioDecodeError("The file has no audio data chunk.");
  const read = wavSampleReader(wav);
  const { channels, blockAlign } = wav;
  const bytesPerSample = blockAlign / channels;
  const frameCount = Math.floor(wav.dataBytes / blockAlign);
  if (frameCount === 0) throw new AudioDecodeError("The file holds no samples.");
  const sink = start({ sampleRate: wav.sampleRate, channels });
  const stream = fs.createReadStream(file, {
    start: wav.dataOffset,
    end: wav.dataOffset + frameCount * blockAlign - 1,
    highWaterMark: CHUNK_BYTES - (CHUNK_BYTES % blockAlign),
    signal,
  });
  let carry: Buffer = Buffer.alloc(0);
  for await (const piece of stream as AsyncIterable<Buffer>) {
    const bytes = carry.length ? Buffer.concat([carry, piece]) : piece;
    const frames = Math.floor(bytes.length / blockAlign);
    const planar = Array.from({ length: channels }, () => new Float32Array(frames));
    for (let i = 0; i < frames; i++) {
      for (let ch = 0; ch < channels; ch++) {
        (planar[ch] as Float32Array)[i] = read(bytes, i * blockAlign + ch * bytesPerSample);
      }
    }
    sink(planar);
    carry = bytes.subarray(frames * blockAlign);
  }
}

async function decodeFlac(file: string, start: (format: PcmFormat) => PcmSink, signal?: AbortSignal) {
  const decoder = new FLACDecoder();
  await decoder.ready;
  let sink: PcmSink | undefined;
  let decoded = 0;
  let firstError: string | undefined;
  const take = (out: {
    channelData: Float32Array[];
    samplesDecoded: number;
    sampleRate: number;
    errors: { message: string }[];
  }) => {
    firstError ??= out.errors[0]?.message;
    if (out.samplesDecoded === 0) return;
    sink ??= start({ sampleRate: out.sampleRate, channels: out.channelData.length });
    decoded += out.samplesDecoded;
    sink(out.channelData.map((c) => c.subarray(0, out.samplesDecoded)));
  };
  try {
    const stream = fs.createReadStream(file, { highWaterMark: CHUNK_BYTES, signal });
    for await (const piece of stream as AsyncIterable<Buffer>) take(await decoder.decode(new Uint8Array(piece)));
    take(await decoder.flush());
  } finally {
    decoder.free();
  }
  if (decoded === 0) {
    throw new AudioDecodeError(`The FLAC stream does not decode${firstError ? ` (${firstError.split(";")[0]})` : ""}.`);
  }
}
