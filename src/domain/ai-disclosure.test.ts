import { describe, expect, it } from "vitest";
import {
  combinedAiLevel,
  contributorAiLevel,
  releaseAiLevel,
  type TrackAi,
  trackAiLevel,
  trackAiSchema,
} from "./ai-disclosure";

const human: TrackAi = {
  vocals: "none",
  instrumentation: "none",
  composition: "none",
  lyrics: "none",
  postProduction: "none",
};

describe("AI disclosure", () => {
  it("combines answers: none only when all are none, all only when all are all", () => {
    expect(combinedAiLevel(["none", "none"])).toBe("none");
    expect(combinedAiLevel(["all", "all"])).toBe("all");
    expect(combinedAiLevel(["none", "all"])).toBe("partly");
    expect(trackAiLevel(human)).toBe("none");
    expect(trackAiLevel({ ...human, lyrics: "all" })).toBe("partly");
  });
  it("a contributor's AI share is their area's: composer the composition, lyricist the lyrics, producer instruments and mix", () => {
    const ai: TrackAi = { ...human, composition: "partly", instrumentation: "all", postProduction: "all" };
    expect(contributorAiLevel("composer", ai)).toBe("partly");
    expect(contributorAiLevel("lyricist", ai)).toBe("none");
    expect(contributorAiLevel("producer", ai)).toBe("all");
  });
  it("the release is declared only when every track and the artwork are", () => {
    expect(releaseAiLevel([{ ai: human }, { ai: null }], "none")).toBeNull();
    expect(releaseAiLevel([{ ai: human }], null)).toBeNull();
    expect(releaseAiLevel([{ ai: human }, { ai: human }], "none")).toBe("none");
    expect(releaseAiLevel([{ ai: human }], "all")).toBe("partly");
  });
  it("a declaration answers every area with a known level", () => {
    expect(trackAiSchema.safeParse(human).success).toBe(true);
    expect(trackAiSchema.safeParse({ ...human, vocals: "some" }).success).toBe(false);
    const { lyrics: _, ...missing } = human;
    expect(trackAiSchema.safeParse(missing).success).toBe(false);
  });
});
