import { describe, expect, it } from "vitest";
import { LYRICS_MESSAGES } from "./lyrics";
import {
  type AudioFacts,
  approveBlockedReason,
  auditArtwork,
  auditAudio,
  auditMetadata,
  isAllCaps,
  isTitleCase,
  looksLikeWebPage,
  type MetadataSubject,
  webPageFinding,
} from "./quality";

const good: AudioFacts = {
  container: "wav",
  encoding: "pcm",
  bitDepth: 24,
  sampleRate: 48_000,
  channels: 2,
  durationSeconds: 200,
};
const codes = (f: { code: string }[]) => f.map((x) => x.code).sort();

describe("audio rules", () => {
  it("passes 16/24-bit stereo WAV and FLAC at 44.1 kHz and more", () => {
    expect(auditAudio("Track 1 audio", good)).toEqual([]);
    expect(auditAudio("Track 1 audio", { ...good, container: "flac", bitDepth: 16, sampleRate: 44_100 })).toEqual([]);
  });
  it("blocks mono, low sample rates, odd bit depths, float and lossy files, each with a fix", () => {
    const mono = auditAudio("Track 1 audio", { ...good, channels: 1, sampleRate: 22_050 });
    expect(codes(mono)).toEqual(["audio.channels", "audio.sample_rate"]);
    expect(mono.every((f) => f.severity === "blocking" && f.fix.length > 10)).toBe(true);
    expect(mono.find((f) => f.code === "audio.sample_rate")?.message).toContain("22.05 kHz");
    expect(codes(auditAudio("s", { ...good, bitDepth: 8 }))).toEqual(["audio.bit_depth"]);
    expect(codes(auditAudio("s", { ...good, encoding: "float", bitDepth: 32 }))).toEqual([
      "audio.bit_depth",
      "audio.codec",
    ]);
    expect(codes(auditAudio("s", { ...good, container: "mpeg", encoding: "other" }))).toEqual(["audio.format"]);
    expect(codes(auditAudio("s", { ...good, durationSeconds: 0 }))).toEqual(["audio.duration"]);
    expect(codes(auditAudio("s", null))).toEqual(["audio.unreadable"]);
  });
});

describe("artwork rules", () => {
  const art = { format: "jpeg", width: 3000, height: 3000, colourSpace: "srgb" };
  it("passes square RGB JPG/PNG from 3000 to 6000 px", () => {
    expect(auditArtwork(art)).toEqual([]);
    expect(auditArtwork({ ...art, format: "png", width: 6000, height: 6000 })).toEqual([]);
  });
  it("blocks GIF, non-square, too small, too large and CMYK", () => {
    expect(codes(auditArtwork({ ...art, format: "gif" }))).toEqual(["artwork.format"]);
    expect(codes(auditArtwork({ ...art, width: 3000, height: 2000 }))).toEqual(["artwork.square", "artwork.too_small"]);
    expect(codes(auditArtwork({ ...art, width: 1000, height: 1000 }))).toEqual(["artwork.too_small"]);
    expect(codes(auditArtwork({ ...art, width: 7000, height: 7000 }))).toEqual(["artwork.too_large"]);
    expect(codes(auditArtwork({ ...art, colourSpace: "cmyk" }))).toEqual(["artwork.colour_space"]);
  });
});

describe("metadata rules", () => {
  const release = {
    title: "Monsoon Nights",
    artistName: "Asha",
    releaseType: "single" as const,
    upcEan: null,
    isExplicit: false,
    tracks: [
      {
        position: 1,
        title: "Monsoon Nights",
        isrc: null as string | null,
        featuredArtists: [] as string[],
        durationSeconds: 200,
        isExplicit: false,
      },
    ],
  };
  /** A four-track EP of the same release, each track as `over` makes it. */
  const ep = (over: (position: number) => Partial<MetadataSubject["tracks"][number]>) => ({
    ...release,
    releaseType: "ep" as const,
    tracks: [1, 2, 3, 4].map((position) => ({
      position,
      title: `Song ${position}`,
      isrc: null,
      featuredArtists: [] as string[],
      durationSeconds: 200,
      isExplicit: false,
      ...over(position),
    })),
  });
  it("finds nothing in a tidy single", () => expect(auditMetadata(release)).toEqual([]));
  it("asks the language sung of every track with lyrics, its own or the release's (issue 39)", () => {
    const track = release.tracks[0] as MetadataSubject["tracks"][number];
    const sung = (over: Partial<MetadataSubject["tracks"][number]>, language?: string) =>
      codes(auditMetadata({ ...release, language, tracks: [{ ...track, lyrics: "Rain again", ...over }] }));
    expect(sung({})).toEqual(["metadata.track_language_missing"]);
    expect(sung({}, "en")).toEqual([]);
    expect(sung({ language: "en" })).toEqual([]);
    expect(sung({}, "zxx")).toEqual(["metadata.instrumental_with_lyrics"]);
    expect(sung({ lyrics: null })).toEqual([]);
  });
  it("blocks time-synced lyrics that run past the end of the audio (issue 39)", () => {
    const withLyrics = (lyricsSynced: string) =>
      auditMetadata({
        ...release,
        tracks: [{ ...(release.tracks[0] as MetadataSubject["tracks"][number]), lyricsSynced }],
      });
    expect(withLyrics("[00:10.00]one\n[03:19.00]last")).toEqual([]);
    const [late] = withLyrics("[00:10.00]one\n[03:21.50]too late");
    expect(late).toMatchObject({
      code: "metadata.lyrics_beyond_end",
      severity: "blocking",
      subject: "Track 1 lyrics",
      message: LYRICS_MESSAGES.lrcBeyondEnd("3:21.50", "3:20.00"),
    });
  });
  it("asks for the language sung when a title is in an Indian script (issue 39)", () => {
    const hindi = {
      ...release,
      title: "मेरा दिल",
      tracks: [{ ...release.tracks[0], title: "मेरा दिल" }],
    } as MetadataSubject;
    expect(codes(auditMetadata(hindi))).toEqual(["metadata.language_missing"]);
    expect(codes(auditMetadata({ ...hindi, language: "hi" }))).toEqual([]);
    // A Latin release with one track titled in Gurmukhi asks too.
    const track = { ...release.tracks[0], title: "ਪੰਜਾਬੀ ਗੀਤ", position: 1 };
    expect(codes(auditMetadata({ ...release, tracks: [track] } as MetadataSubject))).toContain(
      "metadata.language_missing",
    );
  });
  it("title case, all caps and scripts without case", () => {
    expect(isTitleCase("Songs of the Monsoon")).toBe(true);
    expect(isTitleCase("songs of the monsoon")).toBe(false);
    expect(isTitleCase("मानसून की रातें")).toBe(true);
    expect(isAllCaps("MONSOON NIGHTS")).toBe(true);
    expect(isAllCaps("DJ")).toBe(false);
    expect(codes(auditMetadata({ ...release, title: "monsoon nights" }))).toEqual(["metadata.title_case"]);
    expect(codes(auditMetadata({ ...release, title: "MONSOON NIGHTS" }))).toEqual(["metadata.all_caps"]);
  });
  it("blocks Explicit/Clean, links and store names in titles", () => {
    expect(codes(auditMetadata({ ...release, title: "Monsoon Nights (Explicit)" }))).toEqual([
      "metadata.explicit_in_title",
    ]);
    expect(codes(auditMetadata({ ...release, title: "Monsoon Nights www.asha.in" }))).toContain(
      "metadata.url_in_title",
    );
    expect(codes(auditMetadata({ ...release, title: "Monsoon Nights Spotify Edit" }))).toEqual([
      "metadata.store_in_title",
    ]);
  });
  it("wants featured artists in their field, not the title, once, and never the main artist", () => {
    expect(codes(auditMetadata({ ...release, title: "Monsoon Nights (feat. Ravi)" }))).toEqual([
      "metadata.feat_in_title",
    ]);
    expect(codes(auditMetadata({ ...release, title: "Monsoon Nights feat. Ravi" }))).toEqual([
      "metadata.feat_in_title",
      "metadata.feat_placement",
    ]);
    expect(codes(auditMetadata({ ...release, artistName: "Asha feat. Ravi" }))).toEqual([
      "metadata.artist_consistency",
    ]);
    const album = ep((position) => ({ featuredArtists: position === 2 ? ["Asha"] : [] }));
    expect(codes(auditMetadata(album))).toEqual(["metadata.featured_is_main"]);
  });
  it("wants a remix named as one in its version when the track names a remixer", () => {
    const remix = (version: string | null) => ep((position) => (position === 2 ? { remixers: ["Ravi"], version } : {}));
    expect(codes(auditMetadata(remix(null)))).toEqual(["metadata.remix_without_version"]);
    expect(codes(auditMetadata(remix("Acoustic")))).toEqual(["metadata.remix_without_version"]);
    expect(codes(auditMetadata(remix("Ravi Remix")))).toEqual([]);
    expect(codes(auditMetadata(remix("Club Mix")))).toEqual([]);
  });
  it("wants version text in the Version field, not the title", () => {
    const cases: [string, string][] = [
      ["Monsoon Nights (Remix)", "Remix"],
      ["Monsoon Nights [Live at Mood Indigo]", "Live at Mood Indigo"],
      ["Monsoon Nights - Acoustic Version", "Acoustic Version"],
      ["Monsoon Nights (Slowed + Reverb)", "Slowed + Reverb"],
    ];
    for (const [title, version] of cases) {
      const found = auditMetadata({ ...release, title });
      expect(codes(found)).toEqual(["metadata.version_in_title"]);
      expect(found[0]?.fix).toContain(`Put "${version}" in the track's Version field`);
    }
    // A word inside the song's own name is not a version.
    expect(auditMetadata({ ...release, title: "Live Forever" })).toEqual([]);
    expect(auditMetadata({ ...release, title: "Remixed Feelings" })).toEqual([]);
  });
  it("says when an explicit track makes the whole release explicit, and not when the release already is", () => {
    const explicitThird = ep((position) => ({ isExplicit: position === 3 }));
    const found = auditMetadata(explicitThird);
    expect(codes(found)).toEqual(["metadata.explicit_from_tracks"]);
    expect(found[0]?.message).toBe("Track 3 is marked explicit, so stores will show the whole release as explicit.");
    expect(auditMetadata({ ...explicitThird, isExplicit: true })).toEqual([]);
  });
  it("store style: no promotion words or emoji in titles, and an artist name that names someone", () => {
    for (const title of [
      "Monsoon Nights (Official Audio)",
      "Monsoon Nights Lyrical Video",
      "Monsoon Full Song",
      "Monsoon Nights (Audio)",
      "Monsoon Nights [HD]",
    ])
      expect(auditMetadata({ ...release, title }).find((f) => f.code === "metadata.promo_in_title")?.severity).toBe(
        "blocking",
      );
    // "Official" alone may be the work's own name: a warning, not a refusal.
    expect(auditMetadata({ ...release, title: "Official Secrets" })).toEqual([
      expect.objectContaining({ code: "metadata.promo_in_title", severity: "warning" }),
    ]);
    // An official-sounding word inside another is the work's own name.
    expect(codes(auditMetadata({ ...release, title: "Officially Yours" }))).not.toContain("metadata.promo_in_title");
    expect(codes(auditMetadata({ ...release, title: "Monsoon Nights 🌧️" }))).toEqual(["metadata.emoji_in_title"]);
    expect(codes(auditMetadata({ ...release, artistName: "Asha ✨" }))).toEqual(["metadata.emoji_in_artist"]);
    expect(codes(auditMetadata({ ...release, artistName: "Various Artists" }))).toEqual(["metadata.generic_artist"]);
    expect(codes(auditMetadata({ ...release, artistName: "Unknown" }))).toEqual(["metadata.generic_artist"]);
    // A compilation is "Various Artists" by nature.
    const compilation = auditMetadata({ ...release, releaseType: "compilation", artistName: "Various Artists" });
    expect(codes(compilation)).not.toContain("metadata.generic_artist");
    expect(auditMetadata({ ...release, title: "मानसून की रातें", language: "hi" })).toEqual([]);
  });
  it("checks UPC and ISRC formats and warns when the track list does not match the release type", () => {
    expect(codes(auditMetadata({ ...release, upcEan: "036000291453" }))).toEqual(["metadata.upc"]);
    const badIsrc = { ...release, tracks: release.tracks.map((t) => ({ ...t, isrc: "IN-123" })) };
    expect(codes(auditMetadata(badIsrc))).toEqual(["metadata.isrc"]);
    const typed = auditMetadata({ ...release, releaseType: "album" });
    expect(codes(typed)).toEqual(["metadata.release_type"]);
    expect(typed[0]?.severity).toBe("warning");
    expect(typed[0]?.message).toBe(
      "A release with 1 track is usually a Single on stores, but this one is marked Album.",
    );
  });
});

describe("approveBlockedReason", () => {
  const base = { audioFileUrl: "https://x.example/a.wav", audioUploadId: null, qcStatus: "done", qcBlocking: 0 };
  it("lets a checked release with audio and no blocking findings be approved", () => {
    expect(approveBlockedReason(base)).toBeNull();
    expect(approveBlockedReason({ ...base, audioFileUrl: null, audioUploadId: "u1" })).toBeNull();
  });
  it("says why not: no audio, a check still running, blocking findings", () => {
    expect(approveBlockedReason({ ...base, audioFileUrl: null })).toBe("No audio yet, so it cannot be approved.");
    expect(approveBlockedReason({ ...base, qcStatus: "running" })).toBe("Waiting for the quality check to finish.");
    expect(approveBlockedReason({ ...base, qcBlocking: 1 })).toBe(
      "This release has 1 blocking quality finding; fix it before approving.",
    );
  });
});

describe("a link that opens a web page", () => {
  it("is recognised by its first bytes", () => {
    expect(looksLikeWebPage("<!DOCTYPE html><html><head>")).toBe(true);
    expect(looksLikeWebPage("\n  <html lang=en>")).toBe(true);
    expect(looksLikeWebPage("RIFF....WAVEfmt ")).toBe(false);
    expect(looksLikeWebPage("fLaC")).toBe(false);
  });
  it("asks for a direct download link rather than a new export", () => {
    const f = webPageFinding("audio", "track:1");
    expect(f.message).toBe("This link opens a web page, not a file.");
    expect(f.fix).toContain("direct download link");
  });
});
