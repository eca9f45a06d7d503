import { t } from "./i18n";
import { type Finding, finding } from "./quality";

/**
 * A master's levels as measured on upload (ITU-R BS.1770-4 / EBU R128), and what stores do with
 * them. The server measures; these rules say what an artist should hear about it.
 */
export interface AudioLevels {
  /** Integrated loudness (LUFS); null when the programme never rises above the −70 LUFS gate (silence). */
  integratedLufs: number | null;
  /** The highest true (inter-sample) peak, dBTP; null for digital silence. */
  truePeakDbtp: number | null;
  /** The highest sample, dBFS; null for digital silence. */
  samplePeakDbfs: number | null;
  /** Samples in runs of three or more at full scale: the signature of a clipped master. */
  clippedSamples: number;
  /** Silence (below −60 dBFS on every channel) before the first sound and after the last, in seconds. */
  leadingSilenceSeconds: number;
  trailingSilenceSeconds: number;
  /** For two-channel files: both channels carry the same signal (a mono master saved as stereo). */
  monoInStereo: boolean | null;
  durationSeconds: number;
}

/**
 * Where each store normalises playback (its published default), by our store id. A master louder
 * than this is turned down by the difference; one quieter is left (or turned up only within its peak).
 */
export const STORE_LOUDNESS_TARGETS: Record<string, number> = {
  spotify: -14,
  "apple-music": -16,
  "youtube-music": -14,
  "amazon-music": -14,
  jiosaavn: -14,
  gaana: -14,
};

/** The target for a store we have no published figure for: the common −14 LUFS. */
export const DEFAULT_LOUDNESS_TARGET = -14;

export function loudnessTarget(storeId: string): number {
  return STORE_LOUDNESS_TARGETS[storeId] ?? DEFAULT_LOUDNESS_TARGET;
}

/** How many dB a store turns the master down (0 when it is at or below the store's target). */
export function turnedDownBy(levels: Pick<AudioLevels, "integratedLufs">, storeId: string): number {
  if (levels.integratedLufs === null) return 0;
  return Math.max(0, Math.round((levels.integratedLufs - loudnessTarget(storeId)) * 10) / 10);
}

export const LEVEL_LIMITS = {
  /** Above this true peak, lossy encoding at the stores can clip (Spotify and Apple ask for −1 dBTP). */
  maxTruePeakDbtp: -1,
  /** A master this much louder than the loudest-normalising store's target is "turned down hard". */
  hardTurnDownDb: 6,
  /** Quieter than this, stores that normalise will not bring it up to the others. */
  quietLufs: -24,
  maxLeadingSilenceSeconds: 2,
  maxTrailingSilenceSeconds: 10,
  /** Longer than this, a track is most likely a mix or a mistake; stores refuse or split very long audio. */
  longTrackSeconds: 60 * 60,
} as const;

/** A level or a number of dB or seconds as people read it: one decimal, a true minus sign ("−14.0"). */
export const formatLevel = (n: number) => n.toFixed(1).replace("-", "−");

function minutes(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/** A file whose samples could not be read, with the reason the decoder gave. */
export function undecodableFinding(subject: string, reason: string): Finding {
  return finding(
    "blocking",
    "audio.undecodable",
    subject,
    `We could not read the audio in this file: ${reason}`,
    "Export the track again from your audio software as a 16- or 24-bit WAV or FLAC and upload that file.",
  );
}

/** What the measured levels mean for the stores: warnings an artist can act on, blocking only silence. */
export function auditLevels(subject: string, levels: AudioLevels): Finding[] {
  const out: Finding[] = [];
  if (levels.integratedLufs === null) {
    out.push(
      finding(
        "blocking",
        "levels.silent",
        subject,
        "This file is silent: there is no sound in it to measure.",
        "Check that you exported the right file, with the track's audio in it.",
      ),
    );
    return out;
  }
  const lufs = levels.integratedLufs;
  const hardest = Math.max(...Object.keys(STORE_LOUDNESS_TARGETS).map((id) => turnedDownBy(levels, id)));
  if (hardest >= LEVEL_LIMITS.hardTurnDownDb) {
    out.push(
      finding(
        "warning",
        "levels.loud",
        subject,
        `At ${formatLevel(lufs)} LUFS this master will be turned down by ${formatLevel(turnedDownBy(levels, "spotify"))} dB on Spotify and ${formatLevel(turnedDownBy(levels, "apple-music"))} dB on Apple Music: the loudness it was squeezed for will not be heard.`,
        "If you can, master for around −14 LUFS integrated with peaks at −1 dBTP; it will sound as loud after normalisation, with more punch.",
      ),
    );
  } else if (lufs < LEVEL_LIMITS.quietLufs) {
    out.push(
      finding(
        "warning",
        "levels.quiet",
        subject,
        `At ${formatLevel(lufs)} LUFS this master is quiet: stores that normalise to −14 LUFS will play it softer than the tracks around it.`,
        "If it is not meant to be quiet, raise its level in mastering.",
      ),
    );
  }
  if (levels.truePeakDbtp !== null && levels.truePeakDbtp > LEVEL_LIMITS.maxTruePeakDbtp) {
    out.push(
      finding(
        "warning",
        "levels.true_peak",
        subject,
        `Peaks reach ${formatLevel(levels.truePeakDbtp)} dBTP: the stores' encoders can make them clip (they ask for −1 dBTP at most).`,
        "Set your limiter's ceiling to −1 dBTP (−2 dBTP for a master louder than −14 LUFS) and export again.",
      ),
    );
  }
  if (levels.clippedSamples > 0) {
    out.push(
      finding(
        "warning",
        "levels.clipping",
        subject,
        `${levels.clippedSamples.toLocaleString("en-IN")} samples sit at full scale in runs: the master clips, and listeners hear it as distortion.`,
        "Lower the level going into your limiter (or the limiter's ceiling) and export again.",
      ),
    );
  }
  if (levels.leadingSilenceSeconds > LEVEL_LIMITS.maxLeadingSilenceSeconds) {
    out.push(
      finding(
        "warning",
        "levels.leading_silence",
        subject,
        `The track starts with ${formatLevel(levels.leadingSilenceSeconds)} seconds of silence.`,
        "Trim the silence before the first sound; stores and listeners take a silent start for a broken file.",
      ),
    );
  }
  if (levels.trailingSilenceSeconds > LEVEL_LIMITS.maxTrailingSilenceSeconds) {
    out.push(
      finding(
        "warning",
        "levels.trailing_silence",
        subject,
        `The track ends with ${formatLevel(levels.trailingSilenceSeconds)} seconds of silence.`,
        "Trim it to a few seconds; a hidden track belongs in a track of its own.",
      ),
    );
  }
  if (levels.monoInStereo) {
    out.push(
      finding(
        "warning",
        "levels.mono_in_stereo",
        subject,
        "Both channels carry exactly the same sound: this is a mono master saved as stereo.",
        "That is fine if the song is mono; otherwise export the stereo mix.",
      ),
    );
  }
  if (levels.durationSeconds > LEVEL_LIMITS.longTrackSeconds) {
    out.push(
      finding(
        "warning",
        "audio.long",
        subject,
        `This track runs ${minutes(levels.durationSeconds)}. Stores refuse or split very long audio, and a DJ mix is often refused as one track.`,
        "If it is a mix or a whole set, deliver its songs as separate tracks.",
      ),
    );
  }
  return out;
}

/** What one store does with the master, for the release page: "Turned down 4.5 dB" or "Played as it is". */
export function normalisationNote(levels: Pick<AudioLevels, "integratedLufs">, storeId: string): string {
  const down = turnedDownBy(levels, storeId);
  return down > 0 ? t("levels.turnedDown", { db: formatLevel(down) }) : t("levels.asIs");
}
