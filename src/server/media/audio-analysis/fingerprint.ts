import fs from "node:fs";
import { createRequire } from "node:module";

// Acoustic fingerprints by Chromaprint (AcoustID's library) compiled to WebAssembly, from
// @unimusic/chromaprint. Its own entry decodes files with the browser's AudioContext, so we drive the
// library's C API directly with samples we decoded (decision 029).

interface ChromaprintModule {
  HEAP32: Int32Array;
  HEAP16: Int16Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _chromaprint_new(algorithm: number): number;
  _chromaprint_free(ctx: number): void;
  _chromaprint_start(ctx: number, sampleRate: number, channels: number): number;
  _chromaprint_feed(ctx: number, data: number, samples: number): number;
  _chromaprint_finish(ctx: number): number;
  _chromaprint_get_raw_fingerprint(ctx: number, data: number, size: number): number;
  _chromaprint_get_raw_fingerprint_size(ctx: number, size: number): number;
}

type Factory = (options: {
  instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void): object;
}) => Promise<ChromaprintModule>;

/** Chromaprint's default algorithm (TEST2), the one AcoustID uses. */
const ALGORITHM_DEFAULT = 1;
/** Seconds of audio fingerprinted: enough to recognise a recording or a long part of one. */
export const FINGERPRINT_MAX_SECONDS = 900;
/** Each raw fingerprint item covers this many seconds (4096-sample frames, a third apart, at 11025 Hz). */
export const FINGERPRINT_ITEM_SECONDS = 4096 / 3 / 11025;

let loading: Promise<ChromaprintModule> | undefined;

async function chromaprint(): Promise<ChromaprintModule> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const script = require.resolve("@unimusic/chromaprint/dist/chromaprint.js");
    const wasm = fs.readFileSync(require.resolve("@unimusic/chromaprint/dist/chromaprint.wasm"));
    const { default: create } = (await import(script)) as { default: Factory };
    // The build only runs where a `window` exists; it is set for the one synchronous call that checks
    // it and removed before anything else runs. The WebAssembly is handed over, not fetched.
    const g = globalThis as { window?: unknown };
    const hadWindow = "window" in g;
    g.window ??= globalThis;
    try {
      return create({
        instantiateWasm(imports, done) {
          WebAssembly.instantiate(wasm, imports).then((r) => done(r.instance));
          return {};
        },
      });
    } finally {
      if (!hadWindow) delete g.window;
    }
  })();
  return loading;
}

/** Loads Chromaprint (once) so a Fingerprinter can be made synchronously. */
export async function loadFingerprinter(): Promise<(sampleRate: number, channels: number) => Fingerprinter> {
  const module = await chromaprint();
  return (sampleRate, channels) => new Fingerprinter(module, sampleRate, channels);
}

/** Feeds samples to a Chromaprint context and returns the raw fingerprint: one 32-bit item per ~0.124 s. */
export class Fingerprinter {
  private readonly ctx: number;
  private fed = 0;
  private readonly limit: number;

  constructor(
    private readonly m: ChromaprintModule,
    sampleRate: number,
    private readonly channels: number,
  ) {
    this.ctx = m._chromaprint_new(ALGORITHM_DEFAULT);
    if (!m._chromaprint_start(this.ctx, sampleRate, channels)) {
      m._chromaprint_free(this.ctx);
      throw new Error("Chromaprint refused the format");
    }
    this.limit = FINGERPRINT_MAX_SECONDS * sampleRate;
  }

  add(planar: Float32Array[]): void {
    const frames = Math.min(planar[0]?.length ?? 0, this.limit - this.fed);
    if (frames <= 0) return;
    const count = frames * this.channels;
    const ptr = this.m._malloc(count * 2);
    try {
      const heap = this.m.HEAP16;
      const base = ptr >> 1;
      for (let i = 0; i < frames; i++) {
        for (let ch = 0; ch < this.channels; ch++) {
          const v = (planar[ch] as Float32Array)[i] as number;
          heap[base + i * this.channels + ch] = Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
        }
      }
      this.m._chromaprint_feed(this.ctx, ptr, count);
    } finally {
      this.m._free(ptr);
    }
    this.fed += frames;
  }

  /** The raw fingerprint (empty for audio too short to fingerprint), and frees the context. */
  finish(): Uint32Array {
    const m = this.m;
    const cells = m._malloc(8);
    try {
      if (!m._chromaprint_finish(this.ctx)) return new Uint32Array(0);
      if (!m._chromaprint_get_raw_fingerprint(this.ctx, cells, cells + 4)) return new Uint32Array(0);
      const data = m.HEAP32[cells >> 2] as number;
      const size = m.HEAP32[(cells + 4) >> 2] as number;
      const out = Uint32Array.from(m.HEAP32.subarray(data >> 2, (data >> 2) + size), (v) => v >>> 0);
      m._free(data);
      return out;
    } finally {
      m._free(cells);
      m._chromaprint_free(this.ctx);
    }
  }
}
