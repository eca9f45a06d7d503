import { describe, expect, it } from "vitest";
import { eanFor, isrcFor, isValidIsrc, isValidUpcEan, normaliseIsrc, upcCapacity } from "./identifiers";
import { LYRICS_MESSAGES } from "./lyrics";
import { releaseInputSchema } from "./releases";
import {
  expectedReleaseType,
  isoDuration,
  planTracks,
  TRACK_MESSAGES,
  type TrackPlan,
  titleWithVersion,
  trackInputSchema,
  trackListProblem,
} from "./tracks";

describe("store conventions for track lists", () => {
  it("single 1–3 tracks, EP 4–6 or ≤ 30 min, else album", () => {
    expect(expectedReleaseType([200])).toBe("single");
    expect(expectedReleaseType([200, 200, 200])).toBe("single");
    expect(expectedReleaseType([200, 200, 200, 200])).toBe("ep");
    expect(expectedReleaseType([700, 700])).toBe("ep");
    expect(expectedReleaseType([200, 200, 200, 200, 200, 200, 200])).toBe("album");
    expect(expectedReleaseType([400, 400, 400, 400, 400])).toBe("album");
    expect(expectedReleaseType([null, null])).toBe("single");
  });
  it("writes ISO 8601 durations", () => {
    expect(isoDuration(185)).toBe("PT3M5S");
    expect(isoDuration(0)).toBe("PT0S");
    expect(isoDuration(3600)).toBe("PT1H");
  });
});

describe("track lists", () => {
  const release = {
    title: "Monsoon",
    isExplicit: true,
    audioFileUrl: "https://x.example/1.wav",
    audioUploadId: null,
  };
  it("no list means one track named after the release, with its audio", () => {
    expect(planTracks(release, [])).toEqual([
      {
        position: 1,
        title: "Monsoon",
        titleLatin: null,
        version: null,
        versionLatin: null,
        audioFileUrl: release.audioFileUrl,
        audioUploadId: null,
        isrc: null,
        isExplicit: true,
        instantGrat: false,
        ai: null,
        artistName: null,
        featuredArtists: [],
        remixers: [],
        contributors: [],
        lyrics: null,
        lyricsLatin: null,
        lyricsSynced: null,
        language: null,
      },
    ]);
  });
  it("an uploaded file replaces the link beside it", () => {
    const planned = planTracks({ ...release, audioFileUrl: null, audioUploadId: "up1" }, [
      {
        title: "",
        version: "",
        audioFileUrl: "",
        audioUploadId: "",
        isrc: "",
        isExplicit: false,
        instantGrat: false,
        ai: null,
        artistName: "",
        featuredArtists: [],
        remixers: [],
        contributors: [],
        lyrics: "",
        lyricsLatin: "",
        lyricsSynced: "",
        language: "",
      },
      {
        title: "Two",
        version: "",
        audioFileUrl: "https://x.example/2.wav",
        audioUploadId: "up2",
        isrc: "",
        isExplicit: false,
        instantGrat: false,
        ai: null,
        artistName: "",
        featuredArtists: [],
        remixers: [],
        contributors: [],
        lyrics: "",
        lyricsLatin: "",
        lyricsSynced: "",
        language: "",
      },
    ]);
    expect(planned.map((t) => [t.audioFileUrl, t.audioUploadId])).toEqual([
      [null, "up1"],
      [null, "up2"],
    ]);
  });
  it("track 1 always carries the release's audio", () => {
    const planned = planTracks(release, [
      {
        title: "",
        version: "",
        audioFileUrl: "https://elsewhere/x.wav",
        audioUploadId: "",
        isrc: "",
        isExplicit: false,
        instantGrat: false,
        ai: null,
        artistName: "",
        featuredArtists: [],
        remixers: [],
        contributors: [],
        lyrics: "",
        lyricsLatin: "",
        lyricsSynced: "",
        language: "",
      },
      {
        title: "Two",
        version: "",
        audioFileUrl: "https://x.example/2.wav",
        audioUploadId: "",
        isrc: "INZZZ2600002",
        isExplicit: false,
        instantGrat: false,
        ai: null,
        artistName: "",
        featuredArtists: ["Ravi"],
        remixers: [],
        contributors: [{ name: "Gulzar Rao", role: "lyricist" }],
        lyrics: "",
        lyricsLatin: "",
        lyricsSynced: "",
        language: "",
      },
    ]);
    expect(planned.map((t) => [t.position, t.title, t.audioFileUrl, t.isrc])).toEqual([
      [1, "Monsoon", release.audioFileUrl, null],
      [2, "Two", "https://x.example/2.wav", "INZZZ2600002"],
    ]);
  });
  it("keeps a version out of the title, and reads it back after it", () => {
    const [planned] = planTracks(release, [{ ...trackInputSchema.parse({ title: "Monsoon" }), version: "Acoustic" }]);
    expect(planned).toMatchObject({ title: "Monsoon", version: "Acoustic" });
    expect(titleWithVersion(planned as TrackPlan)).toBe("Monsoon (Acoustic)");
    expect(titleWithVersion({ title: "Monsoon", version: null })).toBe("Monsoon");
  });
  it("explains what is wrong with a list", () => {
    const t = (over = {}) => ({
      title: "T",
      version: "",
      audioFileUrl: "https://x/a.wav",
      audioUploadId: "",
      isrc: "",
      isExplicit: false,
      instantGrat: false,
      ai: null,
      artistName: "",
      featuredArtists: [],
      remixers: [],
      contributors: [],
      lyrics: "",
      lyricsLatin: "",
      lyricsSynced: "",
      language: "" as const,
      ...over,
    });
    // The form and the quality check share one rule: a single has up to three tracks.
    expect(trackListProblem("single", [t(), t(), t()])).toBeUndefined();
    expect(trackListProblem("single", [t(), t(), t(), t()])).toBe(TRACK_MESSAGES.singleOnly);
    expect(expectedReleaseType([180, 200, 210])).toBe("single");
    expect(expectedReleaseType([180, 200, 210, 190])).toBe("ep");
    expect(trackListProblem("ep", [t(), t({ title: "" })])).toBe(TRACK_MESSAGES.titleRequired);
    expect(trackListProblem("ep", [t(), t({ audioFileUrl: "javascript:alert(1)" })])).toBe(TRACK_MESSAGES.invalidAudio);
    expect(trackListProblem("ep", [t({ isrc: "XX" })])).toBe(TRACK_MESSAGES.invalidIsrc);
    expect(trackListProblem("ep", [t({ isrc: "INZZZ2600001" }), t({ isrc: "INZZZ2600001" })])).toBe(
      TRACK_MESSAGES.duplicateIsrc,
    );
    expect(trackListProblem("ep", [t(), t({ audioFileUrl: "" })])).toBe(TRACK_MESSAGES.audioRequired);
    // An uploaded file stands in for the link.
    expect(trackListProblem("ep", [t(), t({ audioFileUrl: "", audioUploadId: "abc123" })])).toBeUndefined();
    expect(trackListProblem("album", [t(), t(), t()])).toBeUndefined();
    // Lyrics by the stores' rules (issue 39), named by track.
    expect(trackListProblem("ep", [t(), t({ lyrics: "मेरा दिल" })])).toBe(`Track 2: ${LYRICS_MESSAGES.latinRequired}`);
    expect(trackListProblem("ep", [t({ lyrics: "मेरा दिल", lyricsLatin: "Mera dil" })])).toBeUndefined();
    // An instrumental track has no words.
    expect(trackListProblem("ep", [t({ language: "zxx", lyrics: "Hey" })])).toBe(
      `Track 1: ${LYRICS_MESSAGES.instrumentalWithLyrics}`,
    );
    expect(trackListProblem("ep", [t({ language: "zxx" })])).toBeUndefined();
  });
  it("the upload form's schema accepts hyphenated ISRCs and stores them bare", () => {
    const parsed = releaseInputSchema.parse({
      title: "Monsoon",
      artistName: "Asha",
      releaseType: "ep",
      releaseDate: "2026-12-01",
      audioFileUrl: "https://x/a.wav",
      coverArtUrl: "https://x/a.jpg",
      aiUsed: "no",
      tracks: [{ title: "One", isrc: "in-zzz-26-00001" }],
    });
    expect(parsed.tracks[0]?.isrc).toBe("INZZZ2600001");
  });
});

describe("ISRC and EAN assignment", () => {
  it("validates ISRCs", () => {
    expect(isValidIsrc("INZZZ2600001")).toBe(true);
    expect(isValidIsrc("USRC17607839")).toBe(true);
    expect(isValidIsrc(normaliseIsrc("us-rc1-76-07839"))).toBe(true);
    for (const bad of ["IN-ZZZ-26-00001", "INZZZ260001", "1NZZZ2600001", "INZZZ26000011", ""]) {
      expect(isValidIsrc(bad), bad).toBe(false);
    }
  });
  it("numbers ISRCs per registrant and year", () => {
    expect(isrcFor("IN-ZZZ", 2026, 1)).toBe("INZZZ2600001");
    expect(isrcFor("INZZZ", 2027, 99_999)).toBe("INZZZ2799999");
    expect(() => isrcFor("INZZZ", 2026, 100_000)).toThrow(RangeError);
  });
  it("numbers EAN-13s under a GS1 prefix with their check digit", () => {
    expect(eanFor("8901234", 0)).toBe("8901234000007");
    expect(eanFor("8901234", 1)).toBe("8901234000014");
    for (let i = 0; i < 50; i++) expect(isValidUpcEan(eanFor("8901234", i * 997))).toBe(true);
    expect(upcCapacity("8901234")).toBe(100_000);
    expect(() => eanFor("8901234", 100_000)).toThrow(RangeError);
  });
});
