/**
 * A track's lyrics (issue 39): the plain words in the script they are sung in, their Latin
 * transliteration when that script is an Indian one, and optionally the same words time-synced as
 * LRC (`[mm:ss.xx]line`). The stores' lyric style rules checked here: no empty lines at the start, no
 * links, a transliteration beside Indian-script words, and LRC that parses with its times in order.
 * That the last line comes before the track ends is checked once the audio's duration is known
 * (the quality check).
 */
import { type Said, t } from "./i18n";
import { isLatinOnly, needsTransliteration } from "./scripts";

/** Long enough for any song's words; a page of text, not a book. */
export const MAX_LYRICS_CHARACTERS = 20_000;

export const LYRICS_MESSAGES = {
  get plainLabel() {
    return t("lyrics.msg.plainLabel");
  },
  get latinLabel() {
    return t("lyrics.msg.latinLabel");
  },
  get syncedLabel() {
    return t("lyrics.msg.syncedLabel");
  },
  get plainHint() {
    return t("lyrics.msg.plainHint");
  },
  get latinHint() {
    return t("lyrics.msg.latinHint");
  },
  get syncedHint() {
    return t("lyrics.msg.syncedHint");
  },
  get suggestLatin() {
    return t("lyrics.msg.suggestLatin");
  },
  /** The form's labels for track `n`'s three fields. */
  fieldLabels: (n: number) => ({
    plain: t("lyrics.msg.trackPlain", { n }),
    latin: t("lyrics.msg.trackLatin", { n }),
    synced: t("lyrics.msg.trackSynced", { n }),
  }),
  blankStart: (label: string) => t("lyrics.msg.blankStart", { label }),
  noLinks: (label: string) => t("lyrics.msg.noLinks", { label }),
  get latinRequired() {
    return t("lyrics.msg.latinRequired");
  },
  get latinNotLatin() {
    return t("lyrics.msg.latinNotLatin");
  },
  get syncedWithoutPlain() {
    return t("lyrics.msg.syncedWithoutPlain");
  },
  lrcLine: (line: number) => t("lyrics.msg.lrcLine", { line }),
  lrcOrder: (line: number) => t("lyrics.msg.lrcOrder", { line }),
  get lrcEmpty() {
    return t("lyrics.msg.lrcEmpty");
  },
  lrcBeyondEnd: (at: string, duration: string) => t("lyrics.msg.lrcBeyondEnd", { at, duration }),
  get instrumentalWithLyrics() {
    return t("lyrics.msg.instrumentalWithLyrics");
  },
  trackLanguageLabel: (n: number) => t("lyrics.msg.trackLanguage", { n }),
  get sameAsRelease() {
    return t("lyrics.msg.sameAsRelease");
  },
  trackLanguageMissing: (n: number) => t("lyrics.msg.trackLanguageMissing", { n }),
  get trackLanguageFix() {
    return t("lyrics.msg.trackLanguageFix");
  },
  instrumentalLyrics: (n: number) => t("lyrics.msg.instrumentalLyrics", { n }),
  get instrumentalFix() {
    return t("lyrics.msg.instrumentalFix");
  },
  get tooLong() {
    return t("lyrics.msg.tooLong", { max: MAX_LYRICS_CHARACTERS.toLocaleString("en-IN") });
  },
} as const;

export interface LrcLine {
  /** From the start of the track, in milliseconds. */
  ms: number;
  text: string;
}

const TIME = /\[(\d{1,3}):([0-5]\d)(?:[.:](\d{1,3}))?\]/y;
/** ID tags LRC files carry before the lines: [ar:…], [ti:…], [al:…], [au:…], [by:…], [length:…], [offset:…], [re:…], [ve:…]. */
const ID_TAG = /^\[(ar|ti|al|au|by|length|offset|re|ve|#):[^\]]*\]\s*$/i;
const LINK = /\bhttps?:\/\/|\bwww\.[^\s.]+\.[a-z]/i;

/** The timed lines of LRC text, or the 1-based line that is not LRC. Lines with several times repeat. */
export function parseLrc(text: string): { lines: LrcLine[] } | { badLine: number } | { outOfOrder: number } {
  const lines: LrcLine[] = [];
  let last = -1;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || ID_TAG.test(line)) continue;
    const times: number[] = [];
    let end = 0;
    TIME.lastIndex = 0;
    for (let m = TIME.exec(line); m; m = TIME.exec(line)) {
      const fraction = m[3] ?? "0";
      times.push((Number(m[1]) * 60 + Number(m[2])) * 1000 + Math.round(Number(`0.${fraction}`) * 1000));
      end = TIME.lastIndex;
    }
    if (!times.length) return { badLine: i + 1 };
    const words = line.slice(end).trim();
    // A line's first time must not come before the previous line's (repeated choruses list several).
    if ((times[0] as number) < last) return { outOfOrder: i + 1 };
    last = Math.max(...times);
    for (const ms of times) lines.push({ ms, text: words });
  }
  return { lines: lines.sort((a, b) => a.ms - b.ms) };
}

/** "1:05.20": an LRC time for people. */
export function formatLrcTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = ((ms % 60_000) / 1000).toFixed(2).padStart(5, "0");
  return `${minutes}:${seconds}`;
}

export interface TrackLyrics {
  lyrics?: string | null;
  lyricsLatin?: string | null;
  lyricsSynced?: string | null;
}

function styleProblem(text: string, label: string): string | null {
  if (text.length > MAX_LYRICS_CHARACTERS) return LYRICS_MESSAGES.tooLong;
  if (/^[ \t]*\r?\n/.test(text)) return LYRICS_MESSAGES.blankStart(label);
  if (LINK.test(text)) return LYRICS_MESSAGES.noLinks(label);
  return null;
}

/** What is wrong with a track's lyrics as the artist gave them, in their words; null when nothing. */
export function lyricsProblem(track: TrackLyrics): string | null {
  const plain = track.lyrics ?? "";
  const latin = track.lyricsLatin ?? "";
  const synced = track.lyricsSynced ?? "";
  const style =
    (plain && styleProblem(plain, LYRICS_MESSAGES.plainLabel)) ||
    (latin && styleProblem(latin, LYRICS_MESSAGES.latinLabel)) ||
    (synced && styleProblem(synced, LYRICS_MESSAGES.syncedLabel));
  if (style) return style;
  if (plain.trim() && needsTransliteration(plain) && !latin.trim()) return LYRICS_MESSAGES.latinRequired;
  if (latin.trim() && !isLatinOnly(latin)) return LYRICS_MESSAGES.latinNotLatin;
  if (synced.trim()) {
    if (!plain.trim()) return LYRICS_MESSAGES.syncedWithoutPlain;
    const parsed = parseLrc(synced);
    if ("badLine" in parsed) return LYRICS_MESSAGES.lrcLine(parsed.badLine);
    if ("outOfOrder" in parsed) return LYRICS_MESSAGES.lrcOrder(parsed.outOfOrder);
    if (!parsed.lines.length) return LYRICS_MESSAGES.lrcEmpty;
  }
  return null;
}

/** The synced line that starts after the track ends, as a message kept by key (a finding stores it), or null (also when either is unknown). */
export function lrcBeyondEnd(synced: string | null | undefined, durationSeconds: number | null): Said | null {
  if (!synced?.trim() || durationSeconds === null) return null;
  const parsed = parseLrc(synced);
  if (!("lines" in parsed) || !parsed.lines.length) return null;
  const lastMs = (parsed.lines.at(-1) as LrcLine).ms;
  if (lastMs <= durationSeconds * 1000) return null;
  return ["lyrics.msg.lrcBeyondEnd", { at: formatLrcTime(lastMs), duration: formatLrcTime(durationSeconds * 1000) }];
}
