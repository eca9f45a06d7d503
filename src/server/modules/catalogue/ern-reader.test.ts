import { describe, expect, it } from "vitest";
import { buildNewReleaseMessage } from "#server/modules/delivery";
import { ernSnapshot } from "#server/test/ern-fixtures";
import { draftsFromErn, parseErn } from "./ern-reader";

describe("reading an ERN 4.3 message (issue 38)", () => {
  it("reads back the release our own ERN describes, with the Latin forms of titles in an Indian script (issue 39)", () => {
    const base = ernSnapshot();
    const xml = buildNewReleaseMessage({
      ...base,
      release: { ...base.release, title: "मेरा दिल", titleLatin: "Mera Dil", language: "hi" },
      tracks: base.tracks.map((t) => ({ ...t, title: "तुम ही हो", titleLatin: "Tum Hi Ho" })),
    });
    const [draft] = draftsFromErn(
      parseErn(xml),
      (file) => ({ url: `https://files.example.com/${file.names[0]}`, uploadId: "" }),
      "no",
    );
    expect(draft?.input).toMatchObject({ title: "मेरा दिल", titleLatin: "Mera Dil", upcEan: base.release.upc });
    expect(draft?.input.tracks?.[0]).toMatchObject({
      title: "तुम ही हो",
      titleLatin: "Tum Hi Ho",
      isrc: base.tracks[0]?.isrc,
    });
  });

  it("refuses what is not an ERN 4.3 message", () => {
    expect(() => parseErn('<?xml version="1.0"?><Invoice/>')).toThrow("notErn");
    expect(() => parseErn("<NewReleaseMessage")).toThrow("badXml");
    expect(() => parseErn('<!DOCTYPE x [<!ENTITY a "b">]><NewReleaseMessage/>')).toThrow("notErn");
  });
});
