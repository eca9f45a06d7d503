import { type KeptSaid, labelsAt, type MessageId, type Said, say, sayKept, t } from "./i18n";
import { isValidIsrc, isValidUpcEan } from "./identifiers";
import { lrcBeyondEnd } from "./lyrics";
import { isExplicitRelease, type ReleaseType } from "./releases";
import { needsTransliteration } from "./scripts";
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
  /**
   * The message and the fix by catalogue key and values (issue 39): stored with the finding, so each
   * reader reads it in their language (`findingTexts`). Absent on findings checked before.
   */
  said?: { message: KeptSaid; fix: KeptSaid | null };
}

const NUMBERED_SUBJECT = /^(Track|Line) (\d+)(?: (audio|title|ISRC|language|lyrics|version|featured artists))?$/;
const SUBJECTS: Record<string, MessageId> = {
  Artwork: "qc.subject.artwork",
  Audio: "qc.subject.audio",
  "Release title": "qc.subject.releaseTitle",
  Language: "qc.subject.language",
  "Artist name": "qc.subject.artistName",
  "UPC/EAN": "qc.subject.upc",
  "Explicit content": "qc.subject.explicit",
  "Release type": "qc.subject.releaseType",
  "AI disclosure": "qc.subject.ai",
  Files: "qc.subject.files",
  Release: "qc.subject.release",
};
const NUMBERED_SUBJECTS: Record<string, MessageId> = {
  Line: "qc.subject.line",
  Track: "qc.subject.track.track",
  audio: "qc.subject.track.audio",
  title: "qc.subject.track.title",
  ISRC: "qc.subject.track.isrc",
  language: "qc.subject.track.language",
  lyrics: "qc.subject.track.lyrics",
  version: "qc.subject.track.version",
  "featured artists": "qc.subject.track.featured",
};
/**
 * What a finding is about, in the reader's language. Subjects stay English where they are kept (they
 * also name a file's versions), and are a closed set: "Artwork", "Track 2 audio"…
 */
export function subjectText(subject: string): string {
  const numbered = NUMBERED_SUBJECT.exec(subject);
  const key = numbered ? NUMBERED_SUBJECTS[numbered[3] ?? numbered[1] ?? ""] : SUBJECTS[subject];
  return key ? t(key, numbered ? { n: Number(numbered[2]) } : undefined) : subject;
}

/** A finding's subject, message and fix in the reader's language (as checked, for older findings). */
export function findingTexts(f: Pick<Finding, "subject" | "message" | "fix" | "said">) {
  return {
    subject: subjectText(f.subject),
    message: f.said ? sayKept(f.said.message) : f.message,
    fix: f.said ? (f.said.fix ? sayKept(f.said.fix) : "") : f.fix,
  };
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
  if (!release.audioFileUrl && !release.audioUploadId) return t("qc.msg.noAudio");
  if (release.qcStatus !== "done") return t("qc.msg.waiting");
  if (release.qcBlocking > 0) return QC_MESSAGES.approveBlocked(release.qcBlocking);
  return null;
}

export const QC_MESSAGES = {
  approveBlocked: (count: number) => t("qc.msg.approveBlocked", { count }),
  get approveWaiting() {
    return t("qc.msg.approveWaiting");
  },
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
  message: Said,
  fix: Said | null,
): Finding => ({
  code,
  severity,
  subject,
  message: say(message),
  fix: fix ? say(fix) : "",
  said: { message, fix },
});

const EXPORT_FIX: Said = ["qc.fix.export"];

export function fetchFinding(kind: "audio" | "artwork", subject: string, reason: string): Finding {
  return finding("blocking", `${kind}.unreachable`, subject, ["qc.f.unreachable", { reason }], ["qc.f.unreachableFix"]);
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
  return finding("blocking", `${kind}.web_page`, subject, ["qc.f.webPage"], ["qc.f.webPageFix"]);
}

/** A track without audio, or a release without cover artwork. */
export function missingFinding(kind: "audio" | "artwork", subject: string): Finding {
  return kind === "audio"
    ? finding("blocking", "audio.missing", subject, ["qc.f.noAudio"], ["qc.f.noAudioFix"])
    : finding("blocking", "artwork.missing", subject, ["qc.f.noArtwork"], ["qc.f.noArtworkFix"]);
}

/** An uploaded file a release names is no longer in the media store. */
export function uploadMissingFinding(kind: "audio" | "artwork", subject: string): Finding {
  return finding("blocking", `${kind}.upload_missing`, subject, ["qc.f.uploadGone"], ["qc.f.uploadGoneFix"]);
}

export function auditAudio(subject: string, facts: AudioFacts | null): Finding[] {
  if (!facts) {
    return [finding("blocking", "audio.unreadable", subject, ["qc.f.audioUnreadable"], EXPORT_FIX)];
  }
  const out: Finding[] = [];
  if (!(AUDIO_RULES.containers as readonly string[]).includes(facts.container)) {
    out.push(
      finding(
        "blocking",
        "audio.format",
        subject,
        ["qc.f.audioFormat", { format: facts.container.toUpperCase() }],
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
        facts.encoding === "float" ? ["qc.f.float"] : ["qc.f.compressed"],
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
        facts.bitDepth === null ? ["qc.f.bitDepthUnknown"] : ["qc.f.bitDepth", { bits: facts.bitDepth }],
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
        facts.sampleRate === null ? ["qc.f.rateUnknown"] : ["qc.f.rate", { khz: formatKhz(facts.sampleRate) }],
        ["qc.f.rateFix"],
      ),
    );
  }
  if (facts.channels !== AUDIO_RULES.channels) {
    out.push(
      finding(
        "blocking",
        "audio.channels",
        subject,
        facts.channels === 1 ? ["qc.f.mono"] : ["qc.f.channels", { channels: facts.channels ?? "?" }],
        ["qc.f.channelsFix"],
      ),
    );
  }
  if (facts.truncated) {
    out.push(finding("blocking", "audio.truncated", subject, ["qc.f.truncated"], ["qc.f.truncatedFix"]));
  }
  if (!facts.durationSeconds || facts.durationSeconds <= 0) {
    out.push(finding("blocking", "audio.duration", subject, ["qc.f.empty"], EXPORT_FIX));
  }
  return out;
}

function formatKhz(hz: number): string {
  return String(Number((hz / 1000).toFixed(2)));
}

export function auditArtwork(facts: ArtworkFacts | null): Finding[] {
  const subject = "Artwork";
  const fix: Said = ["qc.f.artworkFix"];
  if (!facts) return [finding("blocking", "artwork.unreadable", subject, ["qc.f.imageUnreadable"], fix)];
  const out: Finding[] = [];
  if (!(ARTWORK_RULES.formats as readonly string[]).includes(facts.format)) {
    out.push(
      finding("blocking", "artwork.format", subject, ["qc.f.imageFormat", { format: facts.format.toUpperCase() }], fix),
    );
  }
  if (facts.width !== facts.height) {
    out.push(
      finding(
        "blocking",
        "artwork.square",
        subject,
        ["qc.f.square", { width: facts.width, height: facts.height }],
        ["qc.f.squareFix"],
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
        ["qc.f.small", { width: facts.width, height: facts.height }],
        ["qc.f.smallFix"],
      ),
    );
  }
  if (largest > ARTWORK_RULES.maxPx) {
    out.push(
      finding(
        "blocking",
        "artwork.too_large",
        subject,
        ["qc.f.large", { width: facts.width, height: facts.height }],
        ["qc.f.largeFix"],
      ),
    );
  }
  if (facts.colourSpace === "cmyk") {
    out.push(finding("blocking", "artwork.colour_space", subject, ["qc.f.cmyk"], ["qc.f.cmykFix"]));
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
        ["qc.f.versionInTitle", { title, version }],
        ["qc.f.versionInTitleFix", { version }],
      ),
    );
  }
  if (FEAT_ANYWHERE.test(title) && featured.length === 0) {
    out.push(
      finding("warning", "metadata.feat_in_title", subject, ["qc.f.featInTitle", { title }], ["qc.f.featInTitleFix"]),
    );
  }
  if (URLISH.test(title)) {
    out.push(finding("blocking", "metadata.url_in_title", subject, ["qc.f.url", { title }], ["qc.f.urlFix"]));
  }
  const store = STORE_NAMES.find((s) => new RegExp(`\\b${s}\\b`, "i").test(title));
  if (store) {
    out.push(
      finding("blocking", "metadata.store_in_title", subject, ["qc.f.store", { title, store }], ["qc.f.storeFix"]),
    );
  }
  const promo = PROMO_PHRASES.exec(title)?.[0];
  if (promo || OFFICIAL.test(title)) {
    out.push(
      finding(
        promo ? "blocking" : "warning",
        "metadata.promo_in_title",
        subject,
        ["qc.f.promo", { title, words: promo ?? OFFICIAL.exec(title)?.[0] ?? "" }],
        ["qc.f.promoFix"],
      ),
    );
  }
  if (EMOJI.test(title)) {
    out.push(finding("blocking", "metadata.emoji_in_title", subject, ["qc.f.emoji", { title }], ["qc.f.emojiFix"]));
  }
  if (VERSION_WORDS.test(title)) {
    out.push(
      finding(
        "blocking",
        "metadata.explicit_in_title",
        subject,
        ["qc.f.explicitWord", { title }],
        ["qc.f.explicitWordFix"],
      ),
    );
  }
  if (FEAT_ANYWHERE.test(title) && !FEAT_AT_END.test(title)) {
    out.push(
      finding("warning", "metadata.feat_placement", subject, ["qc.f.featPlace", { title }], ["qc.f.featPlaceFix"]),
    );
  }
  if (featured.length && FEAT_ANYWHERE.test(title)) {
    out.push(finding("warning", "metadata.feat_twice", subject, ["qc.f.featTwice", { title }], ["qc.f.featTwiceFix"]));
  }
  if (isAllCaps(title)) {
    out.push(finding("warning", "metadata.all_caps", subject, ["qc.f.caps", { title }], ["qc.f.capsFix"]));
  } else if (!isTitleCase(title)) {
    out.push(finding("warning", "metadata.title_case", subject, ["qc.f.titleCase", { title }], ["qc.f.titleCaseFix"]));
  }
  return out;
}

export function auditMetadata(release: MetadataSubject): Finding[] {
  const out: Finding[] = [...titleFindings("Release title", release.title, [])];
  // Stores file a title in an Indian script under its language (issue 39): the language sung is needed.
  if (!release.language && [release.title, ...release.tracks.map((t) => t.title)].some(needsTransliteration)) {
    out.push(
      finding("warning", "metadata.language_missing", "Language", ["script.msg.languageMissing"], ["qc.f.languageFix"]),
    );
  }
  if (isAllCaps(release.artistName)) {
    out.push(
      finding(
        "warning",
        "metadata.artist_all_caps",
        "Artist name",
        ["qc.f.caps", { title: release.artistName }],
        ["qc.f.artistCapsFix"],
      ),
    );
  }
  if (EMOJI.test(release.artistName)) {
    out.push(
      finding(
        "blocking",
        "metadata.emoji_in_artist",
        "Artist name",
        ["qc.f.emoji", { title: release.artistName }],
        ["qc.f.artistEmojiFix"],
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
        ["qc.f.generic", { name: release.artistName }],
        ["qc.f.genericFix"],
      ),
    );
  }
  if (FEAT_ANYWHERE.test(release.artistName) || /\s(&|x|and)\s/i.test(release.artistName)) {
    out.push(
      finding(
        "warning",
        "metadata.artist_consistency",
        "Artist name",
        ["qc.f.several", { name: release.artistName }],
        ["qc.f.severalFix"],
      ),
    );
  }
  if (release.upcEan && !isValidUpcEan(release.upcEan)) {
    out.push(finding("blocking", "metadata.upc", "UPC/EAN", ["qc.f.upc", { code: release.upcEan }], ["qc.f.upcFix"]));
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
          ["qc.f.isrc", { code: track.isrc }],
          ["qc.f.isrcFix"],
        ),
      );
    }
    // Issue 39: every track with vocals says the language sung (its own, or the release's).
    const language = track.language || release.language;
    const unsaid = !language
      ? (["metadata.track_language_missing", "lyrics.msg.trackLanguageMissing", "lyrics.msg.trackLanguageFix"] as const)
      : language === "zxx"
        ? ([
            "metadata.instrumental_with_lyrics",
            "lyrics.msg.instrumentalLyrics",
            "lyrics.msg.instrumentalFix",
          ] as const)
        : null;
    if (track.lyrics && unsaid) {
      const [code, message, fix] = unsaid;
      out.push(finding("warning", code, `Track ${track.position} language`, [message, { n: track.position }], [fix]));
    }
    const lateLine = lrcBeyondEnd(track.lyricsSynced, track.durationSeconds);
    if (lateLine) {
      out.push(
        finding("blocking", "metadata.lyrics_beyond_end", `Track ${track.position} lyrics`, lateLine, ["qc.f.lateFix"]),
      );
    }
    if (track.remixers?.length && !/\b(remix|mix|edit|rework)\b/i.test(track.version ?? "")) {
      out.push(
        finding(
          "warning",
          "metadata.remix_without_version",
          `Track ${track.position} version`,
          ["qc.f.remix", { n: track.position }],
          ["qc.f.remixFix", { remixer: track.remixers[0] ?? "" }],
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
            ["qc.f.featMain", { name }],
            ["qc.f.featMainFix"],
          ),
        );
      }
    }
  }
  const explicitTracks = release.tracks.filter((t) => t.isExplicit).map((t) => t.position);
  if (!release.isExplicit && isExplicitRelease(release, release.tracks)) {
    out.push(
      finding(
        "warning",
        "metadata.explicit_from_tracks",
        "Explicit content",
        ["qc.f.explicitTracks", { count: explicitTracks.length, tracks: explicitTracks.join(", ") }],
        ["qc.f.explicitTracksFix"],
      ),
    );
  }
  const expected = expectedReleaseType(release.tracks.map((t) => t.durationSeconds));
  const declared = release.releaseType === "compilation" ? "album" : release.releaseType;
  if (expected !== declared) {
    out.push(
      finding(
        "warning",
        "metadata.release_type",
        "Release type",
        ["qc.f.releaseType", { count: release.tracks.length, expected, declared: release.releaseType }],
        ["qc.f.releaseTypeFix"],
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
