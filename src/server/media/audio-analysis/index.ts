import type { AudioLevels } from "#domain/levels";
import { AudioDecodeError, decodePcm } from "./decode";
import { loadFingerprinter } from "./fingerprint";
import { LoudnessMeter } from "./loudness-meter";

export { AudioDecodeError } from "./decode";
export { FINGERPRINT_ITEM_SECONDS } from "./fingerprint";

export type AudioAnalysis = { ok: true; levels: AudioLevels; fingerprint: Uint32Array } | { ok: false; reason: string };

/**
 * Measures a master's levels and fingerprints it in one pass over its samples, in bounded memory. A
 * file that does not decode is an answer (`ok: false` with the reason), never a crash.
 */
export async function analyseAudio(file: string, container: string, signal?: AbortSignal): Promise<AudioAnalysis> {
  const makeFingerprinter = await loadFingerprinter();
  let meter: LoudnessMeter | undefined;
  let fingerprinter: ReturnType<typeof makeFingerprinter> | undefined;
  try {
    await decodePcm(
      file,
      container,
      ({ sampleRate, channels }) => {
        meter = new LoudnessMeter(sampleRate, channels);
        fingerprinter = makeFingerprinter(sampleRate, channels);
        return (planar) => {
          meter?.add(planar);
          fingerprinter?.add(planar);
        };
      },
      signal,
    );
  } catch (err) {
    fingerprinter?.finish();
    if (err instanceof AudioDecodeError) return { ok: false, reason: err.message };
    throw err;
  }
  if (!meter || !fingerprinter) return { ok: false, reason: "The file holds no samples." };
  return { ok: true, levels: meter.finish(), fingerprint: fingerprinter.finish() };
}
