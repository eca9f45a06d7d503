import { describe, expect, it } from "vitest";
import { artistReleaseLabel, artistReleaseState } from "./releases";

describe("what the artist reads about a release", () => {
  const live = { status: "live", releaseDate: "2026-12-24", waitingPayment: false, acceptedByAStore: false };
  const fmt = (d: string) => `<${d}>`;
  it("follows the stores once approved; waiting for payment wins over all", () => {
    expect(artistReleaseState(live, "2026-11-25")).toBe("scheduled");
    expect(artistReleaseState({ ...live, acceptedByAStore: true }, "2026-11-25")).toBe("scheduled");
    expect(artistReleaseState({ ...live, waitingPayment: true, acceptedByAStore: true }, "2026-12-30")).toBe(
      "waiting_payment",
    );
    expect(artistReleaseState(live, "2026-12-24")).toBe("approved");
    expect(artistReleaseState({ ...live, acceptedByAStore: true }, "2026-12-24")).toBe("live");
    expect(artistReleaseState({ ...live, status: "pending_review" }, "2026-12-30")).toBe("pending_review");
    expect(artistReleaseLabel("scheduled", "2026-12-24", fmt)).toBe("Scheduled — goes live <2026-12-24>");
    expect(artistReleaseLabel("taken_down", "2026-12-24", fmt)).toBe("Taken Down");
  });
});
