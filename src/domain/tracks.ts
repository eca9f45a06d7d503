import { z } from "zod";
import { type TrackAi, trackAiSchema } from "./ai-disclosure";
import { type Contributor, contributorSchema, MAX_CONTRIBUTORS, performanceLanguageSchema } from "./credits";
import { t } from "./i18n";
import { isValidIsrc, normaliseIsrc } from "./identifiers";
import { LYRICS_MESSAGES, lyricsProblem } from "./lyrics";
import type { ReleaseType } from "./release-types";
import { titleScriptProblem, versionScriptProblem } from "./scripts";
import { uploadIdSchema } from "./uploads";
import { isHttpUrl } from "./urls";

export const MAX_TRACKS = 100;
export const MAX_FEATURED_ARTISTS = 10;

/**
 * The store convention both the form and the quality check follow: a single has 1–3 tracks under
 * 10 minutes each; an EP 4–6 tracks, or up to 6 tracks totalling at most 30 minutes; longer is an album.
 */
export const RELEASE_SHAPE = { singleMaxTracks: 3, singleMaxTrackSeconds: 600, epMaxTracks: 6, epMaxSeconds: 30 * 60 };

export const TRACK_MESSAGES = {
  get versionHint() {
    return t("track.msg.versionHint");
  },
  get titleRequired() {
    return t("track.msg.titleRequired");
  },
  get audioRequired() {
    return t("track.msg.audioRequired");
  },
  get invalidAudio() {
    return t("track.msg.invalidAudio");
  },
  get invalidIsrc() {
    return t("track.msg.invalidIsrc");
  },
  get duplicateIsrc() {
    return t("track.msg.duplicateIsrc");
  },
  get singleOnly() {
    return t("track.msg.singleOnly", { max: RELEASE_SHAPE.singleMaxTracks });
  },
  get singleHint() {
    return t("track.msg.singleHint", { max: RELEASE_SHAPE.singleMaxTracks });
  },
  get tooMany() {
    return t("track.msg.tooMany", { max: MAX_TRACKS });
  },
} as const;

/**
 * One track as the artist describes it. Track 1's audio is the release's Audio File URL (the spec's
 * single `audio_file_url`), so its own `audioFileUrl` may be left empty.
 */
/**
 * Lyrics as typed: line ends made plain and trailing space dropped, leading lines kept (empty lines at
 * the start are refused with a message, not silently removed). Bounded here; lyricsProblem says the limit.
 */
const lyricsText = z
  .string()
  .max(50_000)
  .default("")
  .transform((v) => v.replace(/\r\n?/g, "\n").replace(/\s+$/, ""));

export const trackInputSchema = z.object({
  title: z.string().trim().max(200).default(""),
  /** The title in Latin letters, when it is written in an Indian script (issue 39). */
  titleLatin: z.string().trim().max(200).optional(),
  /** What makes the recording a version ("Remix", "Live at …"): kept out of the title, as stores ask. */
  version: z.string().trim().max(100).default(""),
  /** The version in Latin letters, when it is written in an Indian script (issue 39). */
  versionLatin: z.string().trim().max(100).optional(),
  audioFileUrl: z.string().trim().max(2048).default(""),
  /** A finished upload of the track's audio; when given, the link is not used. */
  audioUploadId: uploadIdSchema,
  isrc: z
    .string()
    .trim()
    .max(15)
    .default("")
    .transform((v) => (v ? normaliseIsrc(v) : "")),
  isExplicit: z.boolean().default(false),
  /** Heard during the pre-order, from the release's instant-grat date. */
  instantGrat: z.boolean().default(false),
  /** The artist's AI declaration by area; null: not declared yet. */
  ai: trackAiSchema.nullable().default(null),
  /** The track's own main artist when it is not the release's (a compilation); empty: the release's. */
  artistName: z.string().trim().max(200).default(""),
  featuredArtists: z.array(z.string().trim().min(1).max(200)).max(MAX_FEATURED_ARTISTS).default([]),
  /** Who remixed the recording (a remix names the remix in its version, e.g. "Kabir Remix"). */
  remixers: z.array(z.string().trim().min(1).max(200)).max(MAX_FEATURED_ARTISTS).default([]),
  /** Composers, lyricists and producers. */
  contributors: z.array(contributorSchema).max(MAX_CONTRIBUTORS).default([]),
  /** The words as sung, in their own script; the Latin transliteration; LRC (issue 39). Empty: none. */
  lyrics: lyricsText,
  lyricsLatin: lyricsText,
  lyricsSynced: lyricsText,
  /** The language sung on this track when it is not the release's; "zxx": instrumental. Empty: the release's. */
  language: performanceLanguageSchema,
});
export type TrackInput = z.input<typeof trackInputSchema>;
export type TrackData = z.output<typeof trackInputSchema>;

/** A track as it is stored: position from 1, track 1 always carrying the release's audio. */
export interface TrackPlan {
  position: number;
  title: string;
  titleLatin: string | null;
  version: string | null;
  versionLatin: string | null;
  audioFileUrl: string | null;
  audioUploadId: string | null;
  isrc: string | null;
  isExplicit: boolean;
  instantGrat: boolean;
  ai: TrackAi | null;
  artistName: string | null;
  featuredArtists: string[];
  remixers: string[];
  contributors: Contributor[];
  lyrics: string | null;
  lyricsLatin: string | null;
  lyricsSynced: string | null;
  language: string | null;
}

/**
 * The tracks a release will have: what the artist listed, or, when they listed none, one track
 * named after the release. Track 1's audio is always the release's audio.
 */
export function planTracks(
  release: {
    title: string;
    isExplicit: boolean;
    audioFileUrl: string | null;
    audioUploadId: string | null;
    /** The AI declaration of the one track made when none is listed. */
    ai?: TrackAi | null;
    /** The release title's Latin form: the one track named after the release carries it too. */
    titleLatin?: string | null;
  },
  tracks: readonly TrackData[],
): TrackPlan[] {
  const listed = tracks.length
    ? tracks
    : [
        {
          title: release.title,
          titleLatin: release.titleLatin ?? undefined,
          version: "",
          versionLatin: undefined,
          audioFileUrl: "",
          audioUploadId: "",
          isrc: "",
          isExplicit: release.isExplicit,
          instantGrat: false,
          ai: release.ai ?? null,
          artistName: "",
          featuredArtists: [],
          remixers: [],
          contributors: [],
          lyrics: "",
          lyricsLatin: "",
          lyricsSynced: "",
          language: "",
        },
      ];
  return listed.map((t, i) => ({
    position: i + 1,
    title: t.title || (i === 0 ? release.title : ""),
    // Track 1 named after the release (no title of its own) reads as the release does.
    titleLatin: t.titleLatin || (i === 0 && !t.title ? release.titleLatin || null : null),
    version: t.version || null,
    versionLatin: (t.version && t.versionLatin) || null,
    ...(i === 0
      ? { audioFileUrl: release.audioFileUrl || null, audioUploadId: release.audioUploadId || null }
      : // An upload replaces the link beside it.
        { audioFileUrl: t.audioUploadId ? null : t.audioFileUrl || null, audioUploadId: t.audioUploadId || null }),
    isrc: t.isrc || null,
    isExplicit: t.isExplicit,
    instantGrat: t.instantGrat,
    ai: t.ai,
    artistName: t.artistName || null,
    featuredArtists: t.featuredArtists,
    remixers: t.remixers,
    contributors: t.contributors,
    lyrics: t.lyrics || null,
    lyricsLatin: t.lyricsLatin || null,
    lyricsSynced: t.lyricsSynced || null,
    language: t.language || null,
  }));
}

/** The first problem with a release's track list, as a message for the form, or undefined. */
export function trackListProblem(releaseType: ReleaseType, tracks: readonly TrackData[]): string | undefined {
  if (tracks.length > MAX_TRACKS) return TRACK_MESSAGES.tooMany;
  if (releaseType === "single" && tracks.length > RELEASE_SHAPE.singleMaxTracks) return TRACK_MESSAGES.singleOnly;
  const isrcs = new Set<string>();
  for (const [i, track] of tracks.entries()) {
    if (i > 0 && !track.title) return TRACK_MESSAGES.titleRequired;
    if (i > 0 && !track.audioFileUrl && !track.audioUploadId) return TRACK_MESSAGES.audioRequired;
    if (i > 0 && !track.audioUploadId && !isHttpUrl(track.audioFileUrl)) return TRACK_MESSAGES.invalidAudio;
    if (track.isrc && !isValidIsrc(track.isrc)) return TRACK_MESSAGES.invalidIsrc;
    const script = track.title ? titleScriptProblem(track.title, track.titleLatin ?? "") : null;
    const onTrack = (message: string) => t("track.msg.onTrack", { n: i + 1, message });
    if (script) return onTrack(script.message);
    const versionScript = track.version ? versionScriptProblem(track.version, track.versionLatin ?? "") : null;
    if (versionScript) return onTrack(versionScript);
    if (track.language === "zxx" && (track.lyrics || track.lyricsSynced))
      return onTrack(LYRICS_MESSAGES.instrumentalWithLyrics);
    const lyrics = lyricsProblem(track);
    if (lyrics) return onTrack(lyrics);
    if (track.isrc && isrcs.has(track.isrc)) return TRACK_MESSAGES.duplicateIsrc;
    if (track.isrc) isrcs.add(track.isrc);
  }
  return undefined;
}

/**
 * The release type stores expect for a track list (the common store convention: a single has
 * 1–3 tracks under 10 minutes each; an EP 4–6 tracks, or up to 6 tracks totalling at most 30 minutes;
 * anything longer is an album). Undefined durations count as unknown and do not decide.
 */
export function expectedReleaseType(durationsSeconds: readonly (number | null)[]): "single" | "ep" | "album" {
  const count = durationsSeconds.length;
  const known = durationsSeconds.filter((d): d is number => d !== null);
  const total = known.reduce((sum, d) => sum + d, 0);
  const longest = known.length ? Math.max(...known) : 0;
  if (count <= RELEASE_SHAPE.singleMaxTracks && longest < RELEASE_SHAPE.singleMaxTrackSeconds) return "single";
  if (count <= RELEASE_SHAPE.epMaxTracks && total <= RELEASE_SHAPE.epMaxSeconds) return "ep";
  return "album";
}

/** "PT3M5S" style ISO 8601 duration, as DDEX writes it. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/** "3:05", for people. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** A title as listeners read it: "Monsoon Nights (Acoustic)" for a version, the title alone otherwise. */
export function titleWithVersion(track: { title: string; version?: string | null }): string {
  return track.version ? `${track.title} (${track.version})` : track.title;
}

/** The same in Latin letters, for a title or a version in an Indian script (issue 39); null when there is none. */
export function latinTitleWithVersion(track: {
  title: string;
  titleLatin?: string | null;
  version?: string | null;
  versionLatin?: string | null;
}): string | null {
  if (!track.titleLatin && !track.versionLatin) return null;
  return titleWithVersion({ title: track.titleLatin || track.title, version: track.versionLatin || track.version });
}
