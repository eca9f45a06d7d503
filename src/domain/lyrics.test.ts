import { describe, expect, it } from "vitest";
import { say } from "./i18n";
import { LYRICS_MESSAGES, lrcBeyondEnd, lyricsProblem, parseLrc } from "./lyrics";
import { suggestLyricsTransliteration } from "./transliteration";

const LRC = "[ar:Kabir]\n[ti:मेरा दिल]\n[00:12.50]मेरा दिल\n[00:15.2]तेरा है\n\n[00:20.125][01:20]फिर से";

describe("lyrics (issue 39)", () => {
  it("reads LRC: ID tags skipped, centiseconds and milliseconds, a line with two times repeated, in time order", () => {
    expect(parseLrc(LRC)).toEqual({
      lines: [
        { ms: 12_500, text: "मेरा दिल" },
        { ms: 15_200, text: "तेरा है" },
        { ms: 20_125, text: "फिर से" },
        { ms: 80_000, text: "फिर से" },
      ],
    });
  });

  it("names the first line that is not LRC, and the first line whose time goes back", () => {
    expect(parseLrc("[00:01.00]one\ntwo")).toEqual({ badLine: 2 });
    expect(parseLrc("[00:01.00]one\n[0:61.00]bad seconds")).toEqual({ badLine: 2 });
    expect(parseLrc("[00:10.00]one\n[00:05.00]two")).toEqual({ outOfOrder: 2 });
  });

  it("accepts lyrics in their script with their transliteration and synced lines", () => {
    expect(
      lyricsProblem({ lyrics: "मेरा दिल\nतेरा है", lyricsLatin: "Mera dil\nTera hai", lyricsSynced: LRC }),
    ).toBeNull();
    expect(lyricsProblem({ lyrics: "My heart\nis yours" })).toBeNull();
    expect(lyricsProblem({})).toBeNull();
  });

  it("refuses what stores refuse, with a message saying what to do", () => {
    expect(lyricsProblem({ lyrics: "\nMy heart" })).toBe(LYRICS_MESSAGES.blankStart("Lyrics"));
    expect(lyricsProblem({ lyrics: "Listen at https://example.com" })).toBe(LYRICS_MESSAGES.noLinks("Lyrics"));
    expect(lyricsProblem({ lyrics: "Follow www.example.com now" })).toBe(LYRICS_MESSAGES.noLinks("Lyrics"));
    expect(lyricsProblem({ lyrics: "मेरा दिल" })).toBe(LYRICS_MESSAGES.latinRequired);
    expect(lyricsProblem({ lyrics: "मेरा दिल", lyricsLatin: "मेरा dil" })).toBe(LYRICS_MESSAGES.latinNotLatin);
    expect(lyricsProblem({ lyricsSynced: "[00:01.00]one" })).toBe(LYRICS_MESSAGES.syncedWithoutPlain);
    expect(lyricsProblem({ lyrics: "one\ntwo", lyricsSynced: "[00:01.00]one\ntwo" })).toBe(LYRICS_MESSAGES.lrcLine(2));
    expect(lyricsProblem({ lyrics: "one", lyricsSynced: "[00:09.00]one\n[00:01.00]two" })).toBe(
      LYRICS_MESSAGES.lrcOrder(2),
    );
    expect(lyricsProblem({ lyrics: "one", lyricsSynced: "[ar:Kabir]" })).toBe(LYRICS_MESSAGES.lrcEmpty);
    expect(lyricsProblem({ lyrics: "x".repeat(20_001) })).toBe(LYRICS_MESSAGES.tooLong);
  });

  it("finds a synced line that starts after the track ends, once the duration is known", () => {
    expect(lrcBeyondEnd(LRC, 200)).toBeNull();
    expect(lrcBeyondEnd(LRC, null)).toBeNull();
    const late = lrcBeyondEnd(LRC, 60);
    expect(late && say(late)).toBe(LYRICS_MESSAGES.lrcBeyondEnd("1:20.00", "1:00.00"));
  });

  it("suggests the Latin form of lyrics line by line, as sentences, leaving Latin lines alone", () => {
    expect(suggestLyricsTransliteration("मेरा दिल\nतेरा है\n\nOh oh")).toBe("Mera dil\nTera hai\n\nOh oh");
  });
});
