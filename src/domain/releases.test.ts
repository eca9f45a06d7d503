import { describe, expect, it } from "vitest";
import { AI_MESSAGES } from "./ai-disclosure";
import { firstIssueMessage } from "./auth";
import {
  isIsoDate,
  noticeFor,
  PRE_ORDER_MESSAGES,
  preOrderProblem,
  RELEASE_NOTICES,
  releaseInputSchema,
  releaseMoment,
  releaseStatusLabel,
  releaseTypeLabel,
} from "./releases";

const valid = {
  title: "Monsoon",
  artistName: "Asha",
  releaseDate: "2026-12-01",
  audioFileUrl: "https://cdn.example.com/monsoon.wav",
  coverArtUrl: "https://cdn.example.com/monsoon.jpg",
  aiUsed: "no",
};
const noticeOf = (input: object) => {
  const result = releaseInputSchema.safeParse(input);
  return result.success ? null : noticeFor(firstIssueMessage(result.error));
};

describe("release upload rules, in the spec's order", () => {
  it("needs the answer to the AI question: no, or yes with every track and the artwork answered", () => {
    const { aiUsed: _, ...unanswered } = valid;
    expect(releaseInputSchema.safeParse(unanswered).error?.issues[0]?.message).toBe(AI_MESSAGES.required);
    expect(releaseInputSchema.safeParse({ ...valid, aiUsed: "yes" }).success).toBe(false);
    const ai = { vocals: "all", instrumentation: "none", composition: "none", lyrics: "none", postProduction: "none" };
    expect(
      releaseInputSchema.safeParse({ ...valid, aiUsed: "yes", artworkAi: "none", tracks: [{ title: "Monsoon", ai }] })
        .success,
    ).toBe(true);
  });
  it("accepts a complete release and fills the defaults", () => {
    const parsed = releaseInputSchema.parse(valid);
    expect(parsed).toMatchObject({ releaseType: "single", isExplicit: false, genre: "", upcEan: "" });
  });
  it("asks for required fields before anything else", () => {
    expect(noticeOf({ ...valid, title: " ", audioFileUrl: "ftp://x" })).toEqual(RELEASE_NOTICES.missing);
    expect(noticeOf({ ...valid, coverArtUrl: "" })).toEqual(RELEASE_NOTICES.missing);
  });
  it("then the audio URL, then the artwork URL", () => {
    expect(noticeOf({ ...valid, audioFileUrl: "www.x.com/a.wav", coverArtUrl: "nope" })).toEqual(
      RELEASE_NOTICES.invalidAudio,
    );
    expect(noticeOf({ ...valid, coverArtUrl: "javascript:alert(1)" })).toEqual(RELEASE_NOTICES.invalidArtwork);
    expect(noticeOf({ ...valid, audioFileUrl: "httpx://x.com/a.wav" })).toEqual(RELEASE_NOTICES.invalidAudio);
  });
  it("takes an uploaded file instead of a link, and still needs one or the other", () => {
    const uploaded = { ...valid, audioFileUrl: "", coverArtUrl: "", audioUploadId: "a1", coverArtUploadId: "c1" };
    expect(noticeOf(uploaded)).toBeNull();
    expect(noticeOf({ ...uploaded, coverArtUploadId: "" })).toEqual(RELEASE_NOTICES.missing);
    expect(noticeOf({ ...uploaded, audioUploadId: "" })).toEqual(RELEASE_NOTICES.missing);
    // With a file chosen, a half-typed link beside it does not matter.
    expect(noticeOf({ ...uploaded, audioFileUrl: "not a link" })).toBeNull();
    expect(releaseInputSchema.safeParse({ ...uploaded, audioUploadId: "../etc" }).success).toBe(false);
  });
  it("checks a given UPC/EAN's check digit", () => {
    expect(noticeOf({ ...valid, upcEan: "036000291452" })).toBeNull();
    expect(noticeOf({ ...valid, upcEan: "036000291453" })).toEqual(RELEASE_NOTICES.invalidUpc);
  });
  it("needs a real date", () => {
    expect(noticeOf({ ...valid, releaseDate: "2026-02-30" })).toEqual(RELEASE_NOTICES.invalidDate);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2000-02-29")).toBe(true);
    for (const wrong of [
      "2027-02-29",
      "2100-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-1-01",
    ])
      expect(isIsoDate(wrong), wrong).toBe(false);
    // Far dates are refused: no year 1 (its previous period is before the calendar) and no year 9999.
    expect(isIsoDate("0001-01-01")).toBe(false);
    expect(isIsoDate("1899-12-31")).toBe(false);
    expect(isIsoDate("1900-01-01")).toBe(true);
    expect(isIsoDate("2999-12-31")).toBe(true);
    expect(isIsoDate("3000-01-01")).toBe(false);
  });
  it("refuses unknown release types", () => {
    expect(releaseInputSchema.safeParse({ ...valid, releaseType: "mixtape" }).success).toBe(false);
  });
});

describe("labels", () => {
  it("shows unknown statuses raw and unknown types as Single", () => {
    expect(releaseStatusLabel("pending_review")).toBe("Pending");
    expect(releaseStatusLabel("archived")).toBe("archived");
    expect(releaseTypeLabel("ep")).toBe("EP");
    expect(releaseTypeLabel("mixtape")).toBe("Single");
  });
});

describe("release timing and pre-orders", () => {
  const base = { releaseDate: "2026-12-24", preOrderDate: "", instantGratDate: "", tracks: [{}, {}, {}] };
  it("a pre-order opens before the release date; instant grat falls between, with some tracks but not all", () => {
    expect(preOrderProblem(base)).toBeUndefined();
    expect(preOrderProblem({ ...base, preOrderDate: "2026-12-01" })).toBeUndefined();
    expect(preOrderProblem({ ...base, preOrderDate: "2026-12-24" })).toEqual({
      field: "preOrderDate",
      message: PRE_ORDER_MESSAGES.preOrderInvalid,
    });
    expect(preOrderProblem({ ...base, instantGratDate: "2026-12-10" })?.message).toBe(
      PRE_ORDER_MESSAGES.instantGratNeedsPreOrder,
    );
    const ig = { ...base, preOrderDate: "2026-12-01", instantGratDate: "2026-12-10" };
    expect(preOrderProblem({ ...ig, tracks: [{ instantGrat: true }, {}, {}] })).toBeUndefined();
    expect(
      preOrderProblem({ ...ig, instantGratDate: "2026-11-30", tracks: [{ instantGrat: true }, {}] })?.message,
    ).toBe(PRE_ORDER_MESSAGES.instantGratInvalid);
    expect(preOrderProblem(ig)?.message).toBe(PRE_ORDER_MESSAGES.instantGratTracks);
    expect(preOrderProblem({ ...ig, tracks: [{ instantGrat: true }, { instantGrat: true }] })?.message).toBe(
      PRE_ORDER_MESSAGES.instantGratTracks,
    );
  });
  it("a release moment is a local midnight without a zone, or India's midnight as a UTC instant", () => {
    expect(releaseMoment("2026-12-24", "local")).toBe("2026-12-24T00:00:00");
    expect(releaseMoment("2026-12-24", "global")).toBe("2026-12-23T18:30:00.000Z");
  });
});
