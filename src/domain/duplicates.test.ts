import { describe, expect, it } from "vitest";
import { type AudioMatch, compareFingerprints, duplicateFindings, fingerprintKeys } from "./duplicates";

const match = (over: Partial<AudioMatch>): AudioMatch => ({
  trackTitle: "Monsoon Nights",
  artistName: "Asha",
  releaseTitle: "Monsoon Nights",
  upcEan: "8901234000007",
  isrc: "INABC2600001",
  sameOwner: false,
  share: 1,
  matchedSeconds: 180,
  ...over,
});

describe("duplicate rules", () => {
  it("blocks another account's recording, reports a part of one, and tells an own re-release its ISRC", () => {
    expect(duplicateFindings("Track 1 audio", [match({})], null)).toEqual([
      expect.objectContaining({
        code: "audio.duplicate",
        severity: "blocking",
        message:
          "This recording is already distributed from another account: 100% of this track matches “Monsoon Nights” by Asha on “Monsoon Nights” (UPC 8901234000007).",
      }),
    ]);
    expect(duplicateFindings("Track 1 audio", [match({ share: 0.5, matchedSeconds: 90 })], null)).toEqual([
      expect.objectContaining({
        code: "audio.partial_match",
        severity: "warning",
        message:
          "50% of this track (90 seconds) matches “Monsoon Nights” by Asha on “Monsoon Nights” (UPC 8901234000007), from another account.",
      }),
    ]);
    // A few seconds in common is not evidence of anything.
    expect(duplicateFindings("Track 1 audio", [match({ share: 0.05, matchedSeconds: 9 })], null)).toEqual([]);
    expect(duplicateFindings("Track 1 audio", [match({ sameOwner: true })], "INABC2600002")[0]?.code).toBe(
      "audio.reupload",
    );
    // Its own ISRC again: a re-release done right.
    expect(duplicateFindings("Track 1 audio", [match({ sameOwner: true })], "INABC2600001")).toEqual([]);
  });

  it("aligns fingerprints by their shared keys and counts the items that agree", () => {
    const a = Array.from({ length: 200 }, (_, i) => (i * 2654435761) | 0);
    const shifted = [0x12345678, 0x0badf00d, ...a.slice(0, 150)];
    expect(compareFingerprints(shifted, a).share).toBeCloseTo(150 / 152, 2);
    expect(compareFingerprints([], a)).toEqual({ share: 0, matchedItems: 0 });
    // Keys are distinct, sampled by value, and non-negative (they fit a SQL integer).
    const keys = fingerprintKeys(a);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((k) => k >= 0 && k % 8 === 0)).toBe(true);
  });
});
