import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareFingerprints, fingerprintKeys } from "#domain/duplicates";
import { auditLevels } from "#domain/levels";
import type { Signal } from "#server/media/wav";
import { referenceLevels } from "#server/test/ebur128-reference";
import { flac, wav } from "#server/test/media-fixtures";
import { analyseAudio } from "./index";
import { LoudnessMeter } from "./loudness-meter";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kalrav-analysis-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function measure(sampleRate: number, channels: Float32Array[], chunk = 4096) {
  const meter = new LoudnessMeter(sampleRate, channels.length);
  const length = channels[0]?.length ?? 0;
  for (let i = 0; i < length; i += chunk) meter.add(channels.map((c) => c.subarray(i, i + chunk)));
  return meter.finish();
}

function render(sampleRate: number, seconds: number, signal: (t: number) => number): Float32Array {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = signal(i / sampleRate);
  return out;
}

const sine = (hz: number, dbfs: number) => (t: number) => 10 ** (dbfs / 20) * Math.sin(2 * Math.PI * hz * t);

/** Music-like test material: random notes with harmonics and a decay, from a seed. */
function tune(seed: number, gainDb = 0): (t: number) => number {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const notes = Array.from({ length: 400 }, () => [next(), next()].map((r) => 220 * 2 ** (Math.floor(r * 24) / 12)));
  const gain = 10 ** (gainDb / 20);
  return (t) => {
    const [a = 220, b = 220] = notes[Math.floor(t * 4) % notes.length] ?? [];
    const env = 1 - ((t * 4) % 1) * 0.7;
    return gain * 0.3 * env * (Math.sin(2 * Math.PI * a * t) + 0.5 * Math.sin(2 * Math.PI * b * t));
  };
}

function writeWav(name: string, spec: Parameters<typeof wav>[0], signal: Signal): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, wav(spec, signal));
  return file;
}

describe("loudness meter (BS.1770-4 / EBU R128)", () => {
  it("measures the EBU reference tone: a 997 Hz sine at −23 dBFS in both channels is −23.0 LUFS", () => {
    const tone = render(48_000, 20, sine(997, -23));
    expect(measure(48_000, [tone, tone]).integratedLufs).toBeCloseTo(-23, 1);
    // The same tone at 44.1 kHz (the filters are derived for each rate).
    const tone44 = render(44_100, 20, sine(997, -23));
    expect(Math.abs((measure(44_100, [tone44, tone44]).integratedLufs ?? 0) + 23)).toBeLessThan(0.1);
  });

  it("measures one channel on its own: a mono 997 Hz sine at −20 dBFS is −23.0 LUFS", () => {
    const tone = render(48_000, 20, sine(997, -20));
    expect(Math.abs((measure(48_000, [tone]).integratedLufs ?? 0) + 23.01)).toBeLessThan(0.1);
  });

  it("agrees with the ebur128 crate within 0.1 LU on music with quiet and loud passages, whatever the chunking", () => {
    const music = tune(7);
    const left = render(48_000, 30, (t) => (t < 12 ? 0.15 : 1) * music(t));
    const right = render(48_000, 30, (t) => (t < 12 ? 0.15 : 1) * 0.8 * music(t + 0.01));
    const reference = referenceLevels(48_000, [left, right]);
    for (const chunk of [1000, 4096, 48_000]) {
      const ours = measure(48_000, [left, right], chunk);
      expect(Math.abs((ours.integratedLufs ?? 0) - reference.lufs)).toBeLessThan(0.1);
      expect(Math.abs((ours.truePeakDbtp ?? 0) - reference.truePeak)).toBeLessThan(0.3);
    }
  });

  it("finds the inter-sample peak a sample peak misses", () => {
    // A quarter-rate sine at 45°: every sample sits at −3 dBFS while the wave peaks at 0 dBTP.
    const wave = render(48_000, 5, (t) => Math.sin(2 * Math.PI * 12_000 * t + Math.PI / 4));
    const levels = measure(48_000, [wave]);
    expect(levels.samplePeakDbfs).toBeCloseTo(-3.01, 1);
    expect(Math.abs(levels.truePeakDbtp ?? -99)).toBeLessThan(0.3);
  });

  it("flags a clipped square wave and not a clean sine that peaks near full scale", () => {
    const square = render(44_100, 2, (t) => (Math.sin(2 * Math.PI * 100 * t) >= 0 ? 1 : -1));
    expect(measure(44_100, [square, square]).clippedSamples).toBeGreaterThan(80_000);
    const clean = render(44_100, 2, sine(100, -0.1));
    expect(measure(44_100, [clean, clean]).clippedSamples).toBe(0);
  });

  it("measures silence at the ends, tells a mono master saved as stereo, and calls digital silence silence", () => {
    const body = sine(440, -12);
    const padded = render(44_100, 10, (t) => (t < 3 || t > 7.5 ? 0 : body(t)));
    const levels = measure(44_100, [padded, padded]);
    expect(levels.leadingSilenceSeconds).toBeCloseTo(3, 1);
    expect(levels.trailingSilenceSeconds).toBeCloseTo(2.5, 1);
    expect(levels.monoInStereo).toBe(true);
    const other = render(44_100, 10, sine(550, -12));
    expect(measure(44_100, [padded, other]).monoInStereo).toBe(false);
    const silent = new Float32Array(44_100 * 2);
    expect(measure(44_100, [silent, silent])).toMatchObject({ integratedLufs: null, truePeakDbtp: null });
  });
});

describe("analysing files", () => {
  it("reads a WAV and a FLAC of the same music to the same levels", async () => {
    const music = tune(3);
    const signal: Signal = (t, ch) => (ch === 0 ? 1 : 0.7) * music(t);
    const spec = { sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 8 } as const;
    const wavFile = writeWav("same.wav", spec, signal);
    const flacFile = path.join(dir, "same.flac");
    fs.writeFileSync(flacFile, flac(spec, signal));
    const a = await analyseAudio(wavFile, "wav");
    const b = await analyseAudio(flacFile, "flac");
    if (!a.ok || !b.ok) throw new Error("both decode");
    expect(Math.abs((a.levels.integratedLufs ?? 0) - (b.levels.integratedLufs ?? 1))).toBeLessThan(0.1);
    expect(a.fingerprint.length).toBeGreaterThan(40);
  });

  it("answers a header that does not describe its samples, and a FLAC that does not decode, with the reason", async () => {
    const good = wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 1 });
    const lying = Buffer.from(good);
    lying.writeUInt16LE(6, 32); // block align: 6 bytes a frame for two 16-bit channels
    const lyingFile = path.join(dir, "lying.wav");
    fs.writeFileSync(lyingFile, lying);
    expect(await analyseAudio(lyingFile, "wav")).toEqual({
      ok: false,
      reason: "The file's header does not add up: 2 channels of 16-bit samples cannot make 6-byte frames.",
    });
    const broken = path.join(dir, "broken.flac");
    fs.writeFileSync(broken, Buffer.concat([Buffer.from("fLaC"), Buffer.alloc(5000, 7)]));
    const result = await analyseAudio(broken, "flac");
    expect(result.ok).toBe(false);
  });
});

describe("a two-hour track", () => {
  it("is measured whole in bounded memory, and said to be long", async () => {
    // 2 h of 8 kHz mono 16-bit (115 MB), written in pieces: a tone that fades in and out each minute.
    const rate = 8000;
    const seconds = 7200;
    const file = path.join(dir, "two-hours.wav");
    const header = wav({ sampleRate: rate, bitDepth: 16, channels: 1, seconds: 0 });
    header.writeUInt32LE(36 + seconds * rate * 2, 4);
    header.writeUInt32LE(seconds * rate * 2, 40);
    const out = fs.openSync(file, "w");
    fs.writeSync(out, header);
    const minute = Buffer.alloc(60 * rate * 2);
    for (let i = 0; i < 60 * rate; i++) {
      const t = i / rate;
      minute.writeInt16LE(Math.round(8000 * Math.sin((Math.PI * t) / 60) * Math.sin(2 * Math.PI * 440 * t)), i * 2);
    }
    for (let m = 0; m < seconds / 60; m++) fs.writeSync(out, minute);
    fs.closeSync(out);
    const before = process.memoryUsage().rss;
    const result = await analyseAudio(file, "wav");
    const grew = process.memoryUsage().rss - before;
    if (!result.ok) throw new Error(result.reason);
    expect(result.levels.durationSeconds).toBe(seconds);
    expect(result.levels.integratedLufs).toEqual(expect.any(Number));
    // The samples are never all in memory (115 MB of them would be 230 MB as floats).
    expect(grew).toBeLessThan(100 * 1024 * 1024);
    expect(auditLevels("Track 1 audio", result.levels).map((f) => f.code)).toEqual(["audio.long"]);
    fs.rmSync(file);
  }, 60_000);
});

describe("fingerprints", () => {
  async function fingerprintOf(name: string, sampleRate: number, signal: (t: number) => number, seconds = 30) {
    const file = writeWav(name, { sampleRate, bitDepth: 16, channels: 2, seconds }, (t) => signal(t));
    const result = await analyseAudio(file, "wav");
    if (!result.ok) throw new Error(result.reason);
    return result.fingerprint;
  }

  it("matches a re-encoded copy (resampled, 1 dB quieter, half a second later, with noise), not other music", async () => {
    const original = await fingerprintOf("original.wav", 48_000, tune(1));
    let noiseState = 5;
    const noise = () => {
      noiseState = (noiseState * 1103515245 + 12345) % 2 ** 31;
      return noiseState / 2 ** 31 - 0.5;
    };
    const quieter = tune(1, -1);
    const copy = await fingerprintOf("copy.wav", 44_100, (t) => (t < 0.537 ? 0 : quieter(t - 0.537)) + 0.01 * noise());
    const other = await fingerprintOf("other.wav", 48_000, tune(2));
    expect(compareFingerprints(copy, original).share).toBeGreaterThan(0.9);
    expect(compareFingerprints(other, original).share).toBeLessThan(0.1);
    // The index finds the copy: enough sampled keys in common, none with the other music.
    const keys = new Set(fingerprintKeys(original));
    expect(fingerprintKeys(copy).filter((k) => keys.has(k)).length).toBeGreaterThanOrEqual(3);
    expect(fingerprintKeys(other).filter((k) => keys.has(k)).length).toBeLessThan(3);
  });

  it("measures how much of a track another recording makes up", async () => {
    const original = await fingerprintOf("whole.wav", 48_000, tune(1));
    const mine = tune(9);
    const borrowed = tune(1);
    const half = await fingerprintOf("half.wav", 48_000, (t) => (t < 15 ? mine(t) : borrowed(t - 9)));
    const share = compareFingerprints(half, original).share;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
  });
});
