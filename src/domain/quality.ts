import { labelsAt, t } from "./i18n";
import { isValidIsrc, isValidUpcEan } from "./identifiers";
import { LYRICS_MESSAGES, lrcBeyondEnd } from "./lyrics";
import { isExplicitRelease, RELEASE_TYPE_LABELS, type ReleaseType } from "./releases";
import { needsTransliteration, SCRIPT_MESSAGES } from "./scripts";
import { expectedReleaseType } from "./tracks";

/**
 * The automated quality check: what stores would refuse (blocking) or frown on (warning), each
 * finding with a plain-language fix. Pure rules over facts read from the files and the metadata,
 * so the server's job only gathers facts and the rules are tested on their own.
 */
export const FINDING_SEVERITIES = ["blocking", "warning"] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export interface Finding {
  /** Stable identifier of the rule, e.g. "audio.sample_rate". */
  code: string;
  severity: FindingSeverity;
  /** What it is about: "Track 1 audio", "Artwork", "Release title". */
  subject: string;
  message: string;
  fix: string;
}

/** Orders findings in place, blocking first (each group keeps its order), so a report reads top-down. */
export function blockingFirst(findings: Finding[]): Finding[] {
  return findings.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "blocking" ? -1 : 1));
}

export const QC_STATUSES = ["pending", "running", "done", "failed"] as const;
export type QcStatus = (typeof QC_STATUSES)[number];
export const QC_STATUS_LABELS: Readonly<Record<QcStatus, string>> = labelsAt("qc.status", QC_STATUSES);

/**
 * Why Approve is not possible yet, said beside the button (issue 21), or null when it is: no audio,
 * the quality check still running, or blocking findings. The server refuses the same cases.
 */
export function approveBlockedReason(release: {
  audioFileUrl: string | null;
  audioUploadId: string | null;
  qcStatus: string;
  qcBlocking: number;
}): string | null {
  if (!release.audioFileUrl && !release.audioUploadId) return "No audio yet, so it cannot be approved.";
  if (release.qcStatus !== "done") return "Waiting for the quality check to finish.";
  if (release.qcBlocking > 0) return QC_MESSAGES.approveBlocked(release.qcBlocking);
  return null;
}

export const QC_MESSAGES = {
  approveBlocked: (n: number) =>
    `This release has ${n} blocking quality ${n === 1 ? "finding" : "findings"}; fix ${n === 1 ? "it" : "them"} before approving.`,
  approveWaiting: "The quality check has not finished yet. Try again in a moment.",
  get noFindings() {
    return t("qc.noFindings");
  },
  fixNeededTitle: (title: string) => t("qc.notice.fixNeededTitle", { title }),
  fixNeededBody: (title: string, count: number) => t("qc.notice.fixNeeded", { title, count }),
} as const;

export const AUDIO_RULES = {
  containers: ["wav", "flac"],
  bitDepths: [16, 24],
  minSampleRate: 44_100,
  channels: 2,
} as const;

export const ARTWORK_RULES = { formats: ["jpeg", "png"], minPx: 3000, maxPx: 6000 } as const;

/** Technical facts read from an audio file's own headers. */
export interface AudioFacts {
  /** "wav", "flac", or what the file turned out to be. */
  container: string;
  /** For WAV: "pcm", "float" or "other" (from the format tag, including WAVE_FORMAT_EXTENSIBLE's sub-format). */
  encoding: "pcm" | "float" | "other";
  bitDepth: number | null;
  sampleRate: number | null;
  channels: number | null;
  durationSeconds: number | null;
  /** The file ends before the audio its header declares (a copy or upload cut short). */
  truncated?: boolean;
}

export interface ArtworkFacts {
  /** "jpeg", "png", "gif", … as the image decoder names it. */
  format: string;
  width: number;
  height: number;
  /** "srgb", "cmyk", "b-w", … */
  colourSpace: string;
}

/** A finding, as every rule writes one. */
export const finding = (
  severity: FindingSeverity,
  code: string,
  subject: string,
  message: string,
  fix: string,
): Finding => ({
  code,
  severity,
  subject,
  message,
  fix,
});

const EXPORT_FIX =
  "Export the track again from your audio software as a 16- or 24-bit stereo WAV or FLAC at 44.1 kHz or more.";

export function fetchFinding(kind: "audio" | "artwork", subject: string, reason: string): Finding {
  return finding(
    "blocking",
    `${kind}.unreachable`,
    subject,
    `We could not download this file: ${reason}`,
    "Make sure the link is public, starts with http:// or https://, and opens the file itself rather than a web page.",
  );
}

/** The first bytes of a download look like a web page (a sharing page, a sign-in page), not a file. */
export function looksLikeWebPage(head: string): boolean {
  const start = head
    .replace(/^\uFEFF/, "")
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  return start.startsWith("<!doctype html") || start.startsWith("<html") || /^<\?xml[^>]*>\s*<html/.test(start);
}

/** A link that opens a web page instead of the file itself: the fix is the link, not the file. */
export function webPageFinding(kind: "audio" | "artwork", subject: string): Finding {
  return finding(
    "blocking",
    `${kind}.web_page`,
    subject,
    "This link opens a web page, not a file.",
    "Use a direct download link: one that starts the download of the file itself (for a sharing service, its “direct link” or “download” address).",
  );
}

/** A track without audio, or a release without cover artwork. */
export function missingFinding(kind: "audio" | "artwork", subject: string): Finding {
  return kind === "audio"
    ? finding(
        "blocking",
        "audio.missing",
        subject,
        "This track has no audio file.",
        "Upload the track's WAV or FLAC file, or paste a link to it.",
      )
    : finding(
        "blocking",
        "artwork.missing",
        subject,
        "This release has no cover artwork.",
        "Upload a square RGB JPG or PNG between 3000 and 6000 pixels a side, or paste a link to one.",
      );
}

/** An uploaded file a release names is no longer in the media store. */
export function uploadMissingFinding(kind: "audio" | "artwork", subject: string): Finding {
  return finding(
    "blocking",
    `${kind}.upload_missing`,
    subject,
    "The uploaded file is no longer available.",
    "Upload the file again.",
  );
}

export function auditAudio(subject: string, facts: AudioFacts | null): Finding[] {
  if (!facts) {
    return [finding("blocking", "audio.unreadable", subject, "This file is not readable audio.", EXPORT_FIX)];
  }
  const out: Finding[] = [];
  if (!(AUDIO_RULES.containers as readonly string[]).includes(facts.container)) {
    out.push(
      finding(
        "blocking",
        "audio.format",
        subject,
        `This is a ${facts.container.toUpperCase()} file; stores take lossless WAV or FLAC.`,
        EXPORT_FIX,
      ),
    );
    return out;
  }
  if (facts.container === "wav" && facts.encoding !== "pcm") {
    out.push(
      finding(
        "blocking",
        "audio.codec",
        subject,
        facts.encoding === "float"
          ? "This WAV holds floating-point samples; stores take integer PCM."
          : "This WAV is compressed; stores take uncompressed PCM.",
        EXPORT_FIX,
      ),
    );
  }
  if (facts.bitDepth === null || !(AUDIO_RULES.bitDepths as readonly number[]).includes(facts.bitDepth)) {
    out.push(
      finding(
        "blocking",
        "audio.bit_depth",
        subject,
        facts.bitDepth === null
          ? "The bit depth could not be read."
          : `The bit depth is ${facts.bitDepth}-bit; stores take 16 or 24.`,
        EXPORT_FIX,
      ),
    );
  }
  if (facts.sampleRate === null || facts.sampleRate < AUDIO_RULES.minSampleRate) {
    out.push(
      finding(
        "blocking",
        "audio.sample_rate",
        subject,
        facts.sampleRate === null
          ? "The sample rate could not be read."
          : `The sample rate is ${formatKhz(facts.sampleRate)} kHz; stores need at least 44.1 kHz.`,
        "Export again at 44.1 kHz or 48 kHz from the original session (resampling a low-rate file up does not restore quality).",
      ),
    );
  }
  if (facts.channels !== AUDIO_RULES.channels) {
    out.push(
      finding(
        "blocking",
        "audio.channels",
        subject,
        facts.channels === 1
          ? "This audio is mono; stores take stereo."
          : `This audio has ${facts.channels ?? "an unknown number of"} channels; stores take stereo (2).`,
        "Export a stereo (2-channel) file. For a mono recording, export it as stereo with the same signal on both sides.",
      ),
    );
  }
  if (facts.truncated) {
    out.push(
      finding(
        "blocking",
        "audio.truncated",
        subject,
        "This file stops before its audio ends: it was cut short while being copied or exported.",
        "Export the track again, check it plays to the end, and upload the whole file.",
      ),
    );
  }
  if (!facts.durationSeconds || facts.durationSeconds <= 0) {
    out.push(finding("blocking", "audio.duration", subject, "This file has no audio in it (zero length).", EXPORT_FIX));
  }
  return out;
}

function formatKhz(hz: number): string {
  return String(Number((hz / 1000).toFixed(2)));
}

export function auditArtwork(facts: ArtworkFacts | null): Finding[] {
  const subject = "Artwork";
  const fix = "Upload a square RGB JPG or PNG between 3000 × 3000 and 6000 × 6000 pixels.";
  if (!facts) return [finding("blocking", "artwork.unreadable", subject, "This file is not a readable image.", fix)];
  const out: Finding[] = [];
  if (!(ARTWORK_RULES.formats as readonly string[]).includes(facts.format)) {
    out.push(
      finding(
        "blocking",
        "artwork.format",
        subject,
        `The artwork is a ${facts.format.toUpperCase()} image; stores take JPG or PNG.`,
        fix,
      ),
    );
  }
  if (facts.width !== facts.height) {
    out.push(
      finding(
        "blocking",
        "artwork.square",
        subject,
        `The artwork is ${facts.width} × ${facts.height} pixels; it must be square.`,
        "Crop the artwork to a square without stretching it.",
      ),
    );
  }
  const smallest = Math.min(facts.width, facts.height);
  const largest = Math.max(facts.width, facts.height);
  if (smallest < ARTWORK_RULES.minPx) {
    out.push(
      finding(
        "blocking",
        "artwork.too_small",
        subject,
        `The artwork is ${facts.width} × ${facts.height} pixels; stores need at least 3000 × 3000.`,
        "Export the artwork from its original file at 3000 × 3000 pixels; enlarging a small image makes it blurry.",
      ),
    );
  }
  if (largest > ARTWORK_RULES.maxPx) {
    out.push(
      finding(
        "blocking",
        "artwork.too_large",
        subject,
        `The artwork is ${facts.width} × ${facts.height} pixels; stores take at most 6000 × 6000.`,
        "Resize the artwork to between 3000 and 6000 pixels a side.",
      ),
    );
  }
  if (facts.colourSpace === "cmyk") {
    out.push(
      finding(
        "blocking",
        "artwork.colour_space",
        subject,
        "The artwork uses CMYK colours (for print); stores take RGB.",
        "Convert the artwork to RGB in your image editor and export it again.",
      ),
    );
  }
  return out;
}

/** What the metadata rules read. */
export interface MetadataSubject {
  title: string;
  artistName: string;
  /** The language sung (ISO 639); empty or undefined: not said. */
  language?: string | null;
  releaseType: ReleaseType;
  upcEan: string | null;
  /** What the artist ticked for the release; its tracks' own marks can make it explicit anyway. */
  isExplicit: boolean;
  tracks: {
    position: number;
    title: string;
    isrc: string | null;
    featuredArtists: string[];
    /** Who remixed it; a remix says so in its version. */
    remixers?: string[];
    version?: string | null;
    durationSeconds: number | null;
    isExplicit: boolean;
    /** Time-synced lyrics (LRC), checked against the audio's duration (issue 39). */
    lyricsSynced?: string | null;
    /** The words sung: a track with lyrics has vocals, so a language. */
    lyrics?: string | null;
    /** The language sung on this track when not the release's; "zxx": instrumental. */
    language?: string | null;
  }[];
}

const STORE_NAMES = [
  "spotify",
  "apple music",
  "itunes",
  "youtube",
  "amazon",
  "jiosaavn",
  "gaana",
  "deezer",
  "tidal",
  "wynk",
];
const SMALL_WORDS = new Set([
  "a",
  "an",
  "the",
  "and",
  "but",
  "or",
  "nor",
  "for",
  "so",
  "yet",
  "as",
  "at",
  "by",
  "in",
  "of",
  "off",
  "on",
  "per",
  "to",
  "up",
  "via",
  "vs.",
  "feat.",
  "with",
  "from",
  "into",
]);

/** Title case: every word but small ones (and words in scripts without case) starts with a capital. */
export function isTitleCase(title: string): boolean {
  const words = title.split(/\s+/).filter(Boolean);
  return words.every((word, i) => {
    const bare = word.replace(/^[("'[{¿¡-]+/, "");
    const first = bare.charAt(0);
    if (!first || first.toLowerCase() === first.toUpperCase()) return true; // digits, punctuation, Devanagari…
    if (i > 0 && SMALL_WORDS.has(bare.toLowerCase())) return true;
    return first === first.toUpperCase();
  });
}

/** Mostly capitals: four or more cased letters and none of them lower case. */
export function isAllCaps(text: string): boolean {
  const letters = [...text].filter((ch) => ch.toLowerCase() !== ch.toUpperCase());
  return letters.length >= 4 && letters.every((ch) => ch === ch.toUpperCase());
}

const FEAT_ANYWHERE = /\b(feat\.?|ft\.?|featuring)(\s|$)/i;
const FEAT_AT_END = /\s\(feat\. [^()]+\)$/;
const VERSION_WORDS = /\b(explicit|clean)\b/i;
const URLISH = /(https?:\/\/|www\.|\.(com|in|net|org|io)\b)/i;
/** Phrases stores refuse in titles: promotion, not the work's name (Apple's and Spotify's style guides). */
const PROMO_PHRASES =
  /\b(official\s+((music|lyric(al)?)\s+)?(audio|video|song|track)|(lyric(al)?|music)\s+video|full\s+(song|video)|audio\s+song)\b|[([]\s*(audio|video|hd|hq|4k|mp3)\s*[)\]]/i;
/** "Official" alone: usually promotion, sometimes the work's name ("Official Secrets"), so a warning. */
const OFFICIAL = /\bofficial\b/i;
/** Emoji and pictographs: no store shows them in titles or artist names. */
const EMOJI = /\p{Extended_Pictographic}/u;
/** Names that say no one in particular: stores refuse them as artists (a compilation's own name aside). */
const GENERIC_ARTISTS = /^(various( artists)?|va|unknown( artist)?|artist|no artist|n\/a|none|anonymous|traditional)$/i;

/** Version text in brackets or after a dash: what a track's Version field is for. */
const VERSION_IN_TITLE =
  /(?:\(|\[|\s[-–]\s)([^()[\]]*\b(?:remix|live|acoustic|remaster(?:ed)?|radio edit|extended(?: mix)?|instrumental|unplugged|reprise|demo|lo-?fi|slowed|sped up|reverb|mix|edit|version)\b[^()[\]]*)\)?\]?$/i;

function titleFindings(subject: string, title: string, featured: readonly string[]): Finding[] {
  const out: Finding[] = [];
  const version = VERSION_IN_TITLE.exec(title)?.[1]?.trim();
  if (version) {
    out.push(
      finding(
        "warning",
        "metadata.version_in_title",
        subject,
        `"${title}" carries version text ("${version}") in the title.`,
        `Put "${version}" in the track's Version field and keep the title the song's own name: each store shows the version its own way.`,
      ),
    );
  }
  if (FEAT_ANYWHERE.test(title) && featured.length === 0) {
    out.push(
      finding(
        "warning",
        "metadata.feat_in_title",
        subject,
        `"${title}" names a featured artist in the title.`,
        "Take the featured artist out of the title and add them as a featured artist on the track: stores write “feat.” from that field, in their own style.",
      ),
    );
  }
  if (URLISH.test(title)) {
    out.push(
      finding(
        "blocking",
        "metadata.url_in_title",
        subject,
        `"${title}" contains a web address.`,
        "Remove the link from the title.",
      ),
    );
  }
  const store = STORE_NAMES.find((s) => new RegExp(`\\b${s}\\b`, "i").test(title));
  if (store) {
    out.push(
      finding(
        "blocking",
        "metadata.store_in_title",
        subject,
        `"${title}" names a store (${store}).`,
        "Remove store names from titles; stores show their own names.",
      ),
    );
  }
  const promo = PROMO_PHRASES.exec(title)?.[0];
  if (promo || OFFICIAL.test(title)) {
    out.push(
      finding(
        promo ? "blocking" : "warning",
        "metadata.promo_in_title",
        subject,
        `"${title}" says "${promo ?? OFFICIAL.exec(title)?.[0]}".`,
        'Remove words like "Official", "Official Audio" or "Lyrical Video" from the title: stores show the music as official already. Keep "Official" only if it is part of the work\'s own name.',
      ),
    );
  }
  if (EMOJI.test(title)) {
    out.push(
      finding(
        "blocking",
        "metadata.emoji_in_title",
        subject,
        `"${title}" contains an emoji.`,
        "Remove emoji from the title; stores refuse them.",
      ),
    );
  }
  if (VERSION_WORDS.test(title)) {
    out.push(
      finding(
        "blocking",
        "metadata.explicit_in_title",
        subject,
        `"${title}" says Explicit or Clean in the title.`,
        "Remove the word from the title and set the Explicit content option instead; stores add their own label.",
      ),
    );
  }
  if (FEAT_ANYWHERE.test(title) && !FEAT_AT_END.test(title)) {
    out.push(
      finding(
        "warning",
        "metadata.feat_placement",
        subject,
        `"${title}" names a featured artist outside the form "(feat. Name)" at the end.`,
        'List featured artists as featured artists on the track; if the title must name them, write "(feat. Name)" at its end.',
      ),
    );
  }
  if (featured.length && FEAT_ANYWHERE.test(title)) {
    out.push(
      finding(
        "warning",
        "metadata.feat_twice",
        subject,
        `"${title}" names a featured artist in the title and in the featured artists list.`,
        "Keep featured artists in the list only; we add them to the title the way each store wants.",
      ),
    );
  }
  if (isAllCaps(title)) {
    out.push(
      finding(
        "warning",
        "metadata.all_caps",
        subject,
        `"${title}" is written in capitals.`,
        "Write the title in title case (Like This) unless the capitals are the official spelling.",
      ),
    );
  } else if (!isTitleCase(title)) {
    out.push(
      finding(
        "warning",
        "metadata.title_case",
        subject,
        `"${title}" is not in title case.`,
        "Start each main word with a capital letter (Like This); small words such as and, of, the may stay lower case.",
      ),
    );
  }
  return out;
}

export function auditMetadata(release: MetadataSubject): Finding[] {
  const out: Finding[] = [...titleFindings("Release title", release.title, [])];
  // Stores file a title in an Indian script under its language (issue 39): the language sung is needed.
  if (!release.language && [release.title, ...release.tracks.map((t) => t.title)].some(needsTransliteration)) {
    out.push(
      finding(
        "warning",
        "metadata.language_missing",
        "Language",
        SCRIPT_MESSAGES.languageMissing,
        "Choose the language sung in the release form (e.g. Hindi for a title in Devanagari).",
      ),
    );
  }
  if (isAllCaps(release.artistName)) {
    out.push(
      finding(
        "warning",
        "metadata.artist_all_caps",
        "Artist name",
        `"${release.artistName}" is written in capitals.`,
        "Use the artist's usual spelling; capitals are fine only when that is how the name is written everywhere.",
      ),
    );
  }
  if (EMOJI.test(release.artistName)) {
    out.push(
      finding(
        "blocking",
        "metadata.emoji_in_artist",
        "Artist name",
        `"${release.artistName}" contains an emoji.`,
        "Remove emoji from the artist name; stores refuse them.",
      ),
    );
  }
  // "Various Artists" names a compilation's many artists; anywhere else it names nobody.
  if (GENERIC_ARTISTS.test(release.artistName.trim()) && release.releaseType !== "compilation") {
    out.push(
      finding(
        "blocking",
        "metadata.generic_artist",
        "Artist name",
        `"${release.artistName}" does not name an artist.`,
        "Enter the artist's own name. For a release of many artists' tracks, choose Compilation and name each track's artist.",
      ),
    );
  }
  if (FEAT_ANYWHERE.test(release.artistName) || /\s(&|x|and)\s/i.test(release.artistName)) {
    out.push(
      finding(
        "warning",
        "metadata.artist_consistency",
        "Artist name",
        `"${release.artistName}" looks like several artists in one name.`,
        "Enter the main artist only and list other artists as featured artists on the tracks, so stores link each to their own profile.",
      ),
    );
  }
  if (release.upcEan && !isValidUpcEan(release.upcEan)) {
    out.push(
      finding(
        "blocking",
        "metadata.upc",
        "UPC/EAN",
        `${release.upcEan} is not a valid UPC/EAN (the check digit does not match).`,
        "Copy the code again from your GS1 certificate, or leave it empty and we assign one.",
      ),
    );
  }
  for (const track of release.tracks) {
    const subject = `Track ${track.position} title`;
    if (release.tracks.length > 1 || track.title !== release.title) {
      out.push(...titleFindings(subject, track.title, track.featuredArtists));
    }
    if (track.isrc && !isValidIsrc(track.isrc)) {
      out.push(
        finding(
          "blocking",
          "metadata.isrc",
          `Track ${track.position} ISRC`,
          `${track.isrc} is not a valid ISRC.`,
          "An ISRC has 12 characters (country, registrant, year, number), like INK7L2600001; leave it empty and we assign one.",
        ),
      );
    }
    // Issue 39: every track with vocals says the language sung (its own, or the release's).
    const language = track.language || release.language;
    const unsaid = !language
      ? ([
          "metadata.track_language_missing",
          LYRICS_MESSAGES.trackLanguageMissing,
          LYRICS_MESSAGES.trackLanguageFix,
        ] as const)
      : language === "zxx"
        ? ([
            "metadata.instrumental_with_lyrics",
            LYRICS_MESSAGES.instrumentalLyrics,
            LYRICS_MESSAGES.instrumentalFix,
          ] as const)
        : null;
    if (track.lyrics && unsaid) {
      const [code, message, fix] = unsaid;
      out.push(finding("warning", code, `Track ${track.position} language`, message(track.position), fix));
    }
    const lateLine = lrcBeyondEnd(track.lyricsSynced, track.durationSeconds);
    if (lateLine) {
      out.push(
        finding(
          "blocking",
          "metadata.lyrics_beyond_end",
          `Track ${track.position} lyrics`,
          lateLine,
          "Time the lyrics against this track's final audio: stores refuse synced lines after the end.",
        ),
      );
    }
    if (track.remixers?.length && !/\b(remix|mix|edit|rework)\b/i.test(track.version ?? "")) {
      out.push(
        finding(
          "warning",
          "metadata.remix_without_version",
          `Track ${track.position} version`,
          `Track ${track.position} names a remixer, but its version does not say it is a remix.`,
          `Write the remix in the version, e.g. “${track.remixers[0]} Remix”: stores show a remix by its version, and without it they take the track for the original.`,
        ),
      );
    }
    for (const name of track.featuredArtists) {
      if (name.toLowerCase() === release.artistName.toLowerCase()) {
        out.push(
          finding(
            "warning",
            "metadata.featured_is_main",
            `Track ${track.position} featured artists`,
            `${name} is the release's main artist and also listed as featured.`,
            "Remove the main artist from the featured artists.",
          ),
        );
      }
    }
  }
  const explicitTracks = release.tracks.filter((t) => t.isExplicit).map((t) => t.position);
  if (!release.isExplicit && isExplicitRelease(release, release.tracks)) {
    const which =
      explicitTracks.length === 1 ? `Track ${explicitTracks[0]} is` : `Tracks ${explicitTracks.join(", ")} are`;
    out.push(
      finding(
        "warning",
        "metadata.explicit_from_tracks",
        "Explicit content",
        `${which} marked explicit, so stores will show the whole release as explicit.`,
        "Nothing to do if that is right. If a track is clean, untick Explicit on that track.",
      ),
    );
  }
  const expected = expectedReleaseType(release.tracks.map((t) => t.durationSeconds));
  const declared = release.releaseType === "compilation" ? "album" : release.releaseType;
  if (expected !== declared) {
    const n = release.tracks.length;
    out.push(
      finding(
        "warning",
        "metadata.release_type",
        "Release type",
        `A release with ${n} ${n === 1 ? "track" : "tracks"} is usually a${expected === "album" ? "n" : ""} ${RELEASE_TYPE_LABELS[expected]} on stores, but this one is marked ${RELEASE_TYPE_LABELS[release.releaseType]}.`,
        "Stores list singles as 1–3 tracks, EPs as 4–6 tracks or up to 30 minutes, and longer releases as albums. Change the release type or the track list.",
      ),
    );
  }
  return out;
}

export function blockingCount(findings: readonly Finding[]): number {
  return findings.filter((f) => f.severity === "blocking").length;
}

/** The verdict on one uploaded file, before it is part of a release (issue 17). */
export function auditUpload(kind: "audio" | "artwork", facts: AudioFacts | ArtworkFacts | null): Finding[] {
  return kind === "audio"
    ? auditAudio("Audio", facts as AudioFacts | null)
    : auditArtwork(facts as ArtworkFacts | null);
}
