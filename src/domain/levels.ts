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
  return finding("blocking", "audio.undecodable", subject, ["qc.f.undecodable", { reason }], ["qc.f.undecodableFix"]);
}

/** What the measured levels mean for the stores: warnings an artist can act on, blocking only silence. */
export function auditLevels(subject: string, levels: AudioLevels): Finding[] {
  const out: Finding[] = [];
  if (levels.integratedLufs === null) {
    out.push(finding("blocking", "levels.silent", subject, ["qc.f.silent"], ["qc.f.silentFix"]));
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
        [
          "qc.f.loud",
          {
            lufs: formatLevel(lufs),
            spotify: formatLevel(turnedDownBy(levels, "spotify")),
            apple: formatLevel(turnedDownBy(levels, "apple-music")),
          },
        ],
        ["qc.f.loudFix"],
      ),
    );
  } else if (lufs < LEVEL_LIMITS.quietLufs) {
    out.push(
      finding("warning", "levels.quiet", subject, ["qc.f.quiet", { lufs: formatLevel(lufs) }], ["qc.f.quietFix"]),
    );
  }
  if (levels.truePeakDbtp !== null && levels.truePeakDbtp > LEVEL_LIMITS.maxTruePeakDbtp) {
    out.push(
      finding(
        "warning",
        "levels.true_peak",
        subject,
        ["qc.f.peak", { peak: formatLevel(levels.truePeakDbtp) }],
        ["qc.f.peakFix"],
      ),
    );
  }
  if (levels.clippedSamples > 0) {
    out.push(
      finding(
        "warning",
        "levels.clipping",
        subject,
        ["qc.f.clip", { samples: levels.clippedSamples.toLocaleString("en-IN") }],
        ["qc.f.clipFix"],
      ),
    );
  }
  if (levels.leadingSilenceSeconds > LEVEL_LIMITS.maxLeadingSilenceSeconds) {
    out.push(
      finding(
        "warning",
        "levels.leading_silence",
        subject,
        ["qc.f.leading", { seconds: formatLevel(levels.leadingSilenceSeconds) }],
        ["qc.f.leadingFix"],
      ),
    );
  }
  if (levels.trailingSilenceSeconds > LEVEL_LIMITS.maxTrailingSilenceSeconds) {
    out.push(
      finding(
        "warning",
        "levels.trailing_silence",
        subject,
        ["qc.f.trailing", { seconds: formatLevel(levels.trailingSilenceSeconds) }],
        ["qc.f.trailingFix"],
      ),
    );
  }
  if (levels.monoInStereo) {
    out.push(finding("warning", "levels.mono_in_stereo", subject, ["qc.f.monoStereo"], ["qc.f.monoStereoFix"]));
  }
  if (levels.durationSeconds > LEVEL_LIMITS.longTrackSeconds) {
    out.push(
      finding(
        "warning",
        "audio.long",
        subject,
        ["qc.f.long", { length: minutes(levels.durationSeconds) }],
        ["qc.f.longFix"],
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
