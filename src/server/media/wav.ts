// WAV files written from a signal: the test fixtures' files and the demo's music (scripts/seed-demo).
// A real RIFF/WAVE layout that the quality check and any audio software read.

export interface PcmSpec {
  sampleRate: number;
  bitDepth: 16 | 24;
  channels: number;
  seconds: number;
}

/** A sample between -1 and 1 for a channel at a time in seconds. */
export type Signal = (seconds: number, channel: number) => number;

/** A quiet 440 Hz tone: what a file holds unless it asks for other sound. */
const quietTone: Signal = (t) => 0.25 * Math.sin(2 * Math.PI * 440 * t);

/** Interleaved PCM samples of a signal (a quiet 440 Hz tone unless given), little-endian. */
export function pcm({ sampleRate, bitDepth, channels, seconds }: PcmSpec, signal: Signal = quietTone): Buffer {
  const frames = Math.round(sampleRate * seconds);
  const bytes = bitDepth / 8;
  const out = Buffer.alloc(frames * channels * bytes);
  const max = 2 ** (bitDepth - 1) - 1;
  for (let i = 0; i < frames; i++) {
    for (let ch = 0; ch < channels; ch++) {
      const value = Math.round(max * Math.max(-1, Math.min(1, signal(i / sampleRate, ch))));
      out.writeIntLE(value, (i * channels + ch) * bytes, bytes);
    }
  }
  return out;
}

/**
 * A real WAV file. `extensible` writes WAVE_FORMAT_EXTENSIBLE (how 24-bit files usually come out
 * of audio software); `float` writes 32-bit IEEE float samples (which stores refuse).
 */
export function wav(spec: PcmSpec & { extensible?: boolean; float?: boolean }, signal?: Signal): Buffer {
  const data = spec.float
    ? Buffer.alloc(Math.round(spec.sampleRate * spec.seconds) * spec.channels * 4)
    : pcm(spec, signal);
  const bits = spec.float ? 32 : spec.bitDepth;
  const blockAlign = spec.channels * (bits / 8);
  const fmt = Buffer.alloc(spec.extensible ? 40 : 16);
  fmt.writeUInt16LE(spec.extensible ? 0xfffe : spec.float ? 3 : 1, 0);
  fmt.writeUInt16LE(spec.channels, 2);
  fmt.writeUInt32LE(spec.sampleRate, 4);
  fmt.writeUInt32LE(spec.sampleRate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(bits, 14);
  if (spec.extensible) {
    fmt.writeUInt16LE(22, 16); // extension size
    fmt.writeUInt16LE(bits, 18); // valid bits per sample
    fmt.writeUInt32LE(spec.channels === 2 ? 0x3 : 0x4, 20); // channel mask
    // KSDATAFORMAT_SUBTYPE_PCM / _IEEE_FLOAT: 0000000X-0000-0010-8000-00aa00389b71
    Buffer.from([spec.float ? 3 : 1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xaa, 0, 0x38, 0x9b, 0x71]).copy(fmt, 24);
  }
  const chunk = (id: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, "ascii");
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const body = Buffer.concat([Buffer.from("WAVE"), chunk("fmt ", fmt), chunk("data", data)]);
  const riff = Buffer.alloc(8);
  riff.write("RIFF", 0, "ascii");
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}
