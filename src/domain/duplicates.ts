import { type Finding, finding } from "./quality";

/**
 * Duplicate and re-upload detection over Chromaprint fingerprints (one 32-bit item per ~0.124 s).
 * Two recordings of the same audio agree on most bits of aligned items even after resampling, a level
 * change or a re-encode; unrelated audio agrees on about half of them.
 */

/** An item's top 20 bits: what survives small changes in the audio (a third of aligned items keep them). */
const KEY_SHIFT = 12;
/** One key in this many is indexed, chosen by the key itself so the same keys are kept on both sides. */
const KEY_SAMPLING = 8;
/** Aligned items that differ in at most this many of 32 bits are the same sound. */
const MAX_ITEM_BIT_ERRORS = 8;

export const DUPLICATE_RULES = {
  /** This share of a track matching another account's recording blocks it. */
  blockShare: 0.8,
  /** From this share (and at least `minMatchedSeconds`) a part of another recording is reported. */
  partShare: 0.25,
  minMatchedSeconds: 15,
  /** Index hits a candidate needs before it is compared in full. */
  minKeyHits: 3,
} as const;

/** The keys a fingerprint is indexed under (distinct, sampled), as signed 32-bit integers for SQL. */
export function fingerprintKeys(items: ArrayLike<number>): number[] {
  const keys = new Set<number>();
  for (let i = 0; i < items.length; i++) {
    const key = (items[i] as number) >>> KEY_SHIFT;
    if (key % KEY_SAMPLING === 0) keys.add(key);
  }
  return [...keys];
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export interface FingerprintMatch {
  /** The share of the query's items that match the candidate at the best alignment (0–1). */
  share: number;
  /** How many of the query's items matched. */
  matchedItems: number;
}

/**
 * How much of `query` is `candidate`: the alignment comes from items whose top bits agree (votes for
 * an offset), then each aligned item is compared bit by bit.
 */
export function compareFingerprints(query: ArrayLike<number>, candidate: ArrayLike<number>): FingerprintMatch {
  const positions = new Map<number, number[]>();
  for (let j = 0; j < candidate.length; j++) {
    const key = (candidate[j] as number) >>> KEY_SHIFT;
    const list = positions.get(key);
    if (list) list.push(j);
    else positions.set(key, [j]);
  }
  const votes = new Map<number, number>();
  for (let i = 0; i < query.length; i++) {
    for (const j of positions.get((query[i] as number) >>> KEY_SHIFT) ?? []) {
      votes.set(j - i, (votes.get(j - i) ?? 0) + 1);
    }
  }
  const offsets = [...votes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([offset]) => offset);
  let best = 0;
  for (const offset of offsets) {
    let matched = 0;
    for (let i = 0; i < query.length; i++) {
      const j = i + offset;
      if (j < 0 || j >= candidate.length) continue;
      if (bitCount(((query[i] as number) ^ (candidate[j] as number)) >>> 0) <= MAX_ITEM_BIT_ERRORS) matched++;
    }
    best = Math.max(best, matched);
  }
  return { share: query.length ? best / query.length : 0, matchedItems: best };
}

/** A recording in Kalrav that a track's audio matches, as the evidence shows it. */
export interface AudioMatch {
  trackTitle: string;
  artistName: string;
  releaseTitle: string;
  upcEan: string | null;
  isrc: string | null;
  /** The release belongs to the same account as the track being checked. */
  sameOwner: boolean;
  share: number;
  matchedSeconds: number;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** What matches mean for a track: another account's recording blocks, a part of one is reported, our own warns. */
export function duplicateFindings(subject: string, matches: readonly AudioMatch[], ownIsrc: string | null): Finding[] {
  const out: Finding[] = [];
  for (const m of matches) {
    const which = {
      track: m.trackTitle,
      artist: m.artistName,
      release: m.releaseTitle,
      upc: m.upcEan ? ` (UPC ${m.upcEan})` : "",
    };
    if (!m.sameOwner && m.share >= DUPLICATE_RULES.blockShare) {
      out.push(
        finding(
          "blocking",
          "audio.duplicate",
          subject,
          ["dup.duplicate", { ...which, share: percent(m.share) }],
          ["dup.duplicateFix"],
        ),
      );
    } else if (!m.sameOwner && m.matchedSeconds >= DUPLICATE_RULES.minMatchedSeconds) {
      out.push(
        finding(
          "warning",
          "audio.partial_match",
          subject,
          ["dup.partial", { ...which, share: percent(m.share), seconds: Math.round(m.matchedSeconds) }],
          ["dup.partialFix"],
        ),
      );
    } else if (m.sameOwner && m.share >= DUPLICATE_RULES.blockShare && m.isrc && m.isrc !== ownIsrc) {
      out.push(
        finding(
          "warning",
          "audio.reupload",
          subject,
          ["dup.reupload", { ...which, isrc: m.isrc }],
          ["dup.reuploadFix", { isrc: m.isrc }],
        ),
      );
    }
  }
  return out;
}
