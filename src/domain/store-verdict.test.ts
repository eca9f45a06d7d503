import { describe, expect, it } from "vitest";
import type { AudioLevels } from "./levels";
import type { Finding } from "./quality";
import { storeVerdicts, verdictSummary } from "./store-verdict";

const stores = [
  { id: "spotify", name: "Spotify", format: "ern-4.3" as const },
  { id: "apple-music", name: "Apple Music", format: "itunes-package" as const },
  { id: "deezer", name: "Deezer", format: "ern-4.3.2" as const },
];

const levels = (integratedLufs: number): AudioLevels => ({
  integratedLufs,
  truePeakDbtp: -1.2,
  samplePeakDbfs: -1.5,
  clippedSamples: 0,
  leadingSilenceSeconds: 0,
  trailingSilenceSeconds: 0.5,
  monoInStereo: false,
  durationSeconds: 200,
});

const warning = (code: string): Finding => ({
  code,
  severity: "warning",
  subject: "Track 1 title",
  message: "m",
  fix: "f",
});

describe("per-store verdict", () => {
  it("is ready everywhere for a clean release, with each store's loudness as a note", () => {
    const lines = storeVerdicts(stores, {
      checked: true,
      findings: [],
      levels: [{ subject: "Track 1 audio", levels: levels(-12) }],
      aiDeclared: true,
    });
    expect(lines.map((l) => l.verdict)).toEqual(["ready", "ready", "ready"]);
    expect(lines[0]?.reasons).toEqual([
      {
        kind: "note",
        subject: "Track 1 audio",
        message: "Spotify plays at −14.0 LUFS: turned down 2.0 dB.",
        fix: "",
        said: { message: ["verdict.turnedDown", { store: "Spotify", target: "−14.0", db: "2.0" }], fix: null },
      },
    ]);
    expect(lines[1]?.reasons[0]?.message).toBe("Apple Music plays at −16.0 LUFS: turned down 4.0 dB.");
    expect(verdictSummary(lines)).toBe("Ready for all 3 stores");
  });

  it("refuses at Apple what only warns elsewhere, and everywhere what blocks", () => {
    const lines = storeVerdicts(stores, {
      checked: true,
      findings: [warning("metadata.feat_in_title")],
      levels: [],
      aiDeclared: true,
    });
    expect(lines.map((l) => l.verdict)).toEqual(["warnings", "refused", "warnings"]);
    const blocked = storeVerdicts(stores, {
      checked: true,
      findings: [{ ...warning("audio.duplicate"), severity: "blocking" }],
      levels: [],
      aiDeclared: true,
    });
    expect(blocked.map((l) => l.verdict)).toEqual(["refused", "refused", "refused"]);
    expect(verdictSummary(lines)).toBe("Ready for 2 of 3 stores; fix what is marked to reach the rest");
  });

  it("warns per store where a loud master is turned down hard, and needs the AI disclosure where ERN 4.3.2 carries it", () => {
    const lines = storeVerdicts(stores, {
      checked: true,
      findings: [{ ...warning("levels.loud"), subject: "Track 1 audio" }],
      levels: [{ subject: "Track 1 audio", levels: levels(-7) }],
      aiDeclared: false,
    });
    expect(lines.map((l) => l.verdict)).toEqual(["warnings", "warnings", "refused"]);
    expect(lines[0]?.reasons.map((r) => r.message)).toEqual([
      "Spotify plays at −14.0 LUFS: this master (−7.0 LUFS) will be turned down 7.0 dB.",
    ]);
    expect(lines[2]?.reasons[0]).toMatchObject({ kind: "refused", subject: "AI disclosure" });
  });

  it("waits for the file checks rather than guess", () => {
    const lines = storeVerdicts(stores, { checked: false, findings: [], levels: [], aiDeclared: true });
    expect(lines.every((l) => l.verdict === "checking")).toBe(true);
    expect(verdictSummary(lines)).toBe("Checking your files for the stores…");
  });
});
