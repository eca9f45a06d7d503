import fs from "node:fs";
import { createRequire } from "node:module";

// The ebur128 crate (ebur128-wasm) as the reference our streaming meter must agree with. Its JS glue
// is written for bundlers (it imports the .wasm file as a module, which Node 20 cannot), so the test
// instantiates the WebAssembly itself. The module's imports only report a Rust panic.

interface Exports {
  memory: WebAssembly.Memory;
  __wbindgen_malloc(size: number): number;
  ebur128_integrated_mono(rate: number, ptr: number, len: number): number;
  ebur128_integrated_stereo(rate: number, lp: number, ll: number, rp: number, rl: number): number;
  ebur128_true_peak_mono(rate: number, ptr: number, len: number): number;
  ebur128_true_peak_stereo(rate: number, lp: number, ll: number, rp: number, rl: number): number;
}

let exportsCache: Exports | undefined;

function reference(): Exports {
  if (exportsCache) return exportsCache;
  const file = createRequire(import.meta.url).resolve("ebur128-wasm/ebur128_wasm_bg.wasm");
  const module = new WebAssembly.Module(fs.readFileSync(file));
  const imports: Record<string, Record<string, () => never>> = {};
  for (const entry of WebAssembly.Module.imports(module)) {
    imports[entry.module] ??= {};
    (imports[entry.module] as Record<string, () => never>)[entry.name] = () => {
      throw new Error(`ebur128 reference: ${entry.name} called (a panic)`);
    };
  }
  exportsCache = new WebAssembly.Instance(module, imports).exports as unknown as Exports;
  return exportsCache;
}

function pass(ex: Exports, samples: Float32Array): [number, number] {
  // wasm-bindgen's calling convention: Rust allocates, we copy, and the called function takes ownership.
  const ptr = ex.__wbindgen_malloc(samples.length * 4);
  new Float32Array(ex.memory.buffer, ptr, samples.length).set(samples);
  return [ptr, samples.length];
}

/** Integrated loudness (LUFS) and true peak (linear) of one or two channels, by the ebur128 crate. */
export function referenceLevels(sampleRate: number, channels: Float32Array[]): { lufs: number; truePeak: number } {
  const ex = reference();
  const [left, right] = channels as [Float32Array, Float32Array | undefined];
  if (!right) {
    const lufs = ex.ebur128_integrated_mono(sampleRate, ...pass(ex, left));
    const truePeak = ex.ebur128_true_peak_mono(sampleRate, ...pass(ex, left));
    return { lufs, truePeak };
  }
  const lufs = ex.ebur128_integrated_stereo(sampleRate, ...pass(ex, left), ...pass(ex, right));
  const truePeak = ex.ebur128_true_peak_stereo(sampleRate, ...pass(ex, left), ...pass(ex, right));
  return { lufs, truePeak };
}
