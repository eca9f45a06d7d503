import { beforeAll, describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { buildNewReleaseMessage, displayTrackTitle, type ErnSnapshot, type ErnTrack } from "./ern";
import { createErnValidator, defaultSchemaDir, type ErnValidator } from "./ern-schema";

let validator: ErnValidator;
beforeAll(() => {
  validator = createErnValidator(defaultSchemaDir());
});

const track = (position: number, over: Partial<ErnTrack> = {}): ErnTrack => ({
  position,
  isrc: `INZZZ26${String(position).padStart(5, "0")}`,
  title: `Song ${position}`,
  featuredArtists: [],
  isExplicit: false,
  durationSeconds: 180 + position,
  audio: {
    fileName: `8901234000007_01_${String(position).padStart(3, "0")}.wav`,
    md5: "9e107d9d372bb6826bd81d3542a419d6",
    codec: "WAV",
    channels: 2,
    sampleRate: 44_100,
    bitDepth: 24,
  },
  ...over,
});

function snapshot(
  over: Partial<Omit<ErnSnapshot, "release">> & { release?: Partial<ErnSnapshot["release"]> } = {},
): ErnSnapshot {
  const { release, ...rest } = over;
  return {
    messageId: "d7f0c6a2-1",
    createdAt: new Date("2026-11-22T10:00:00.123Z"),
    sender: { dpid: "PADPIDALOCALKALRAV", name: "Kalrav" },
    recipient: { dpid: "PADPIDALOCALSPOTIFY", name: "Spotify" },
    release: {
      id: "5b1c-release",
      upc: "8901234000007",
      title: "Monsoon Nights",
      artistName: "Asha",
      type: "single",
      releaseDate: "2026-12-24",
      genre: "Indie",
      isExplicit: false,
      rightsHolder: "Asha",
      ...release,
    },
    tracks: [track(1)],
    artwork: {
      fileName: "8901234000007.jpg",
      md5: "e4d909c290d0fb1ca068ffaddf22cbd0",
      width: 3000,
      height: 3000,
      format: "jpeg",
    },
    takedown: false,
    downloads: false,
    ...rest,
  };
}

type Obj = Record<string, unknown>;
/** The message as an object tree, to read elements by path. */
function parse(xml: string): Obj {
  return (create(xml).end({ format: "object" }) as Obj)["ern:NewReleaseMessage"] as Obj;
}
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

async function expectValid(xml: string) {
  const result = await validator.validate(xml);
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

describe("ERN 4.3 NewReleaseMessage", () => {
  it("a single: schema-valid, with UPC, ISRC, titles, hashes and worldwide streaming deals", async () => {
    const xml = buildNewReleaseMessage(snapshot());
    await expectValid(xml);
    const msg = parse(xml);
    const header = msg.MessageHeader as Obj;
    expect(header.MessageCreatedDateTime).toBe("2026-11-22T10:00:00.123Z");
    expect((header.MessageRecipient as Obj).PartyId).toBe("PADPIDALOCALSPOTIFY");
    const release = (msg.ReleaseList as Obj).Release as Obj;
    expect(release.ReleaseType).toBe("Single");
    expect((release.ReleaseId as Obj).ICPN).toBe("8901234000007");
    expect(release.DisplayTitleText).toBe("Monsoon Nights");
    expect(release.ParentalWarningType).toBe("NotExplicit");
    const sr = (msg.ResourceList as Obj).SoundRecording as Obj;
    expect(((sr.SoundRecordingEdition as Obj).ResourceId as Obj).ISRC).toBe("INZZZ2600001");
    expect(sr.Duration).toBe("PT3M1S");
    expect(xml).toContain("<HashSumValue>9e107d9d372bb6826bd81d3542a419d6</HashSumValue>");
    expect(xml).toContain("<URI>resources/8901234000007_01_001.wav</URI>");
    const deals = list(((msg.DealList as Obj).ReleaseDeal as Obj).Deal as Obj[]);
    const models = deals.map((d) => (d.DealTerms as Obj).CommercialModelType);
    expect(models).toEqual(["SubscriptionModel", "AdvertisementSupportedModel"]);
    for (const d of deals) {
      expect((d.DealTerms as Obj).TerritoryCode).toBe("Worldwide");
      expect(((d.DealTerms as Obj).ValidityPeriod as Obj).StartDate).toBe("2026-12-24");
    }
  });

  it("an EP with featured artists: schema-valid, one TrackRelease per track, (feat. X) in display titles", async () => {
    const tracks = [1, 2, 3, 4].map((p) => track(p, p === 2 ? { featuredArtists: ["Ravi", "Meera"] } : {}));
    const xml = buildNewReleaseMessage(snapshot({ release: { type: "ep", title: "Four Rains" }, tracks }));
    await expectValid(xml);
    const msg = parse(xml);
    expect(((msg.ReleaseList as Obj).Release as Obj).ReleaseType).toBe("EP");
    expect(list((msg.ReleaseList as Obj).TrackRelease as Obj[])).toHaveLength(4);
    expect(xml).toContain("<DisplayTitleText>Song 2 (feat. Ravi &amp; Meera)</DisplayTitleText>");
    expect(xml).toContain("<DisplayArtistRole>FeaturedArtist</DisplayArtistRole>");
    expect(displayTrackTitle({ title: "X (feat. Y)", featuredArtists: ["Y"] })).toBe("X (feat. Y)");
  });

  it("an album with downloads and characters that need escaping: schema-valid", async () => {
    const tracks = Array.from({ length: 12 }, (_, i) => track(i + 1));
    tracks[0] = track(1, { title: `Rain & "Thunder" <Live>` });
    const xml = buildNewReleaseMessage(
      snapshot({ release: { type: "album", title: "Barsaat — मानसून" }, tracks, downloads: true }),
    );
    await expectValid(xml);
    const msg = parse(xml);
    expect(((msg.ReleaseList as Obj).Release as Obj).DisplayTitleText).toBe("Barsaat — मानसून");
    expect(xml).toContain('Rain &amp; "Thunder" &lt;Live&gt;');
    const models = list(((msg.DealList as Obj).ReleaseDeal as Obj).Deal as Obj[]).map(
      (d) => (d.DealTerms as Obj).CommercialModelType,
    );
    expect(models).toContain("PayAsYouGoModel");
  });

  it("an explicit release: ParentalWarningType Explicit on the release and the explicit track", async () => {
    const xml = buildNewReleaseMessage(
      snapshot({ release: { isExplicit: true }, tracks: [track(1, { isExplicit: true }), track(2)] }),
    );
    await expectValid(xml);
    const msg = parse(xml);
    expect(((msg.ReleaseList as Obj).Release as Obj).ParentalWarningType).toBe("Explicit");
    const recordings = list((msg.ResourceList as Obj).SoundRecording as Obj[]);
    expect(recordings.map((r) => r.ParentalWarningType)).toEqual(["Explicit", "NotExplicit"]);
  });

  it("a takedown: the release resent with no deals, schema-valid", async () => {
    const xml = buildNewReleaseMessage(snapshot({ takedown: true }));
    await expectValid(xml);
    const msg = parse(xml);
    expect(msg.DealList).toBeUndefined();
    expect(((msg.ReleaseList as Obj).Release as Obj).DisplayTitleText).toBe("Monsoon Nights");
  });

  it("the validator refuses a broken message", async () => {
    const xml = buildNewReleaseMessage(snapshot()).replace(
      "<ReleaseType>Single</ReleaseType>",
      "<ReleaseType>Mixtape</ReleaseType>",
    );
    expect((await validator.validate(xml)).valid).toBe(false);
  });
});
