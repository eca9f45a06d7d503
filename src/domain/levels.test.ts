import { describe, expect, it } from "vitest";
import { type AudioLevels, auditLevels, normalisationNote, turnedDownBy } from "./levels";

const base: AudioLevels = {
  integratedLufs: -14,
  truePeakDbtp: -1.5,
  samplePeakDbfs: -1.8,
  clippedSamples: 0,
  leadingSilenceSeconds: 0.1,
  trailingSilenceSeconds: 1,
  monoInStereo: false,
  durationSeconds: 210,
};
const codes = (levels: Partial<AudioLevels>) => auditLevels("Track 1 audio", { ...base, ...levels }).map((f) => f.code);

describe("level rules", () => {
  it("has nothing to say about a master made for streaming", () => {
    expect(codes({})).toEqual([]);
  });
  it("warns about a master turned down hard, one that peaks over −1 dBTP, and one that clips", () => {
    expect(codes({ integratedLufs: -7.5, truePeakDbtp: 0.4, clippedSamples: 1200 })).toEqual([
      "levels.loud",
      "levels.true_peak",
      "levels.clipping",
    ]);
    expect(auditLevels("Track 1 audio", { ...base, integratedLufs: -7.5 })[0]?.message).toBe(
      "At −7.5 LUFS this master will be turned down by 6.5 dB on Spotify and 8.5 dB on Apple Music: the loudness it was squeezed for will not be heard.",
    );
  });
  it("tells quiet masters, long silences, mono saved as stereo and a two-hour track, and blocks silence", () => {
    expect(codes({ integratedLufs: -30 })).toEqual(["levels.quiet"]);
    expect(codes({ leadingSilenceSeconds: 4, trailingSilenceSeconds: 25 })).toEqual([
      "levels.leading_silence",
      "levels.trailing_silence",
    ]);
    expect(codes({ monoInStereo: true })).toEqual(["levels.mono_in_stereo"]);
    const long = auditLevels("Track 1 audio", { ...base, durationSeconds: 7200 });
    expect(long.map((f) => f.message)).toEqual([
      "This track runs 2 h 0 min. Stores refuse or split very long audio, and a DJ mix is often refused as one track.",
    ]);
    expect(auditLevels("Track 1 audio", { ...base, integratedLufs: null })).toEqual([
      expect.objectContaining({ code: "levels.silent", severity: "blocking" }),
    ]);
  });
  it("says what each store does with the master", () => {
    expect(turnedDownBy({ integratedLufs: -9 }, "spotify")).toBe(5);
    expect(turnedDownBy({ integratedLufs: -9 }, "apple-music")).toBe(7);
    expect(turnedDownBy({ integratedLufs: -20 }, "spotify")).toBe(0);
    expect(normalisationNote({ integratedLufs: -9 }, "spotify")).toBe("Turned down 5.0 dB");
    expect(normalisationNote({ integratedLufs: -20 }, "spotify")).toBe("Played as it is");
  });
});
