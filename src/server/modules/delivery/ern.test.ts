import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { ruleFindings, sampleBaseline } from "#server/test/ddex-rules";
import { ernSnapshot, ernTrack } from "#server/test/ern-fixtures";
import { xpath } from "#server/test/xpath";
import { AVS_VERSION, buildNewReleaseMessage, buildPurgeReleaseMessage, type ErnSnapshot } from "./ern";
import { createErnValidator, defaultSchemaDir, type ErnValidator } from "./ern-schema";

let validator: ErnValidator;
beforeAll(() => {
  validator = createErnValidator(defaultSchemaDir());
});

const track = ernTrack;
const snapshot = ernSnapshot;

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

describe("a release titled in its own script (issue 39)", () => {
  it("carries the title as written, marked with its language and script, and its Latin form, and stays valid", async () => {
    const base = snapshot();
    const xml = buildNewReleaseMessage({
      ...base,
      release: { ...base.release, title: "मेरा दिल", titleLatin: "Mera Dil", language: "hi" },
      tracks: base.tracks.map((t) => ({ ...t, title: "मेरा दिल", titleLatin: "Mera Dil" })),
    });
    await expectValid(xml);
    const msg = parse(xml);
    const release = (msg.ReleaseList as Obj).Release as Obj;
    const titles = list(release.DisplayTitle as Obj | Obj[]).map((d) => [
      d["@LanguageAndScriptCode"] ?? null,
      d.TitleText,
    ]);
    expect(titles).toEqual([
      [null, "मेरा दिल"],
      ["hi-Deva", "मेरा दिल"],
      ["hi-Latn", "Mera Dil"],
    ]);
    const recording = list((msg.ResourceList as Obj).SoundRecording as Obj | Obj[])[0] as Obj;
    expect(list(recording.DisplayTitle as Obj | Obj[]).map((d) => d.TitleText)).toEqual([
      "मेरा दिल",
      "मेरा दिल",
      "Mera Dil",
    ]);
  });
});

describe("a version in its own script (issue 39)", () => {
  it("carries the version as written and in Latin letters, beside a title in either script, and stays valid", async () => {
    const base = snapshot();
    const xml = buildNewReleaseMessage({
      ...base,
      release: { ...base.release, language: "hi" },
      tracks: [
        { ...track(1), title: "मेरा दिल", titleLatin: "Mera Dil", version: "अनप्लग्ड", versionLatin: "Unplugged" },
        { ...track(2), title: "Monsoon", version: "लाइव", versionLatin: "Live" },
      ],
    });
    await expectValid(xml);
    const recordings = "//ResourceList/SoundRecording";
    expect(xpath(xml, `${recordings}[1]/DisplayTitle[@LanguageAndScriptCode="hi-Latn"]/TitleText`)).toEqual([
      "Mera Dil",
    ]);
    expect(xpath(xml, `${recordings}[1]/DisplayTitle[@LanguageAndScriptCode="hi-Latn"]/SubTitle`)).toEqual([
      "Unplugged",
    ]);
    expect(xpath(xml, `${recordings}[1]/DisplayTitle[@LanguageAndScriptCode="hi-Deva"]/SubTitle`)).toEqual(["अनप्लग्ड"]);
    // A Latin title with a Devanagari version: the Latin form keeps the title and takes the version's Latin.
    expect(xpath(xml, `${recordings}[2]/DisplayTitle[@LanguageAndScriptCode="hi-Latn"]/TitleText`)).toEqual([
      "Monsoon",
    ]);
    expect(xpath(xml, `${recordings}[2]/DisplayTitle[@LanguageAndScriptCode="hi-Latn"]/SubTitle`)).toEqual(["Live"]);
  });
});

describe("an artist named in their own script (issue 39)", () => {
  it("the artist's party carries the name as written and its Latin form (FullNameAsciiTranscribed), valid in 4.3 and 4.3.2", async () => {
    const meera = {
      id: "3f2c1e4a-0000-4000-8000-000000000003",
      name: "मीरा सेन",
      nameLatin: "Meera Sen",
      spotifyArtistUri: null,
      appleMusicArtistId: null,
      appKey: null,
    };
    for (const version of ["4.3", "4.3.2"] as const) {
      const xml = buildNewReleaseMessage(
        snapshot({ version, release: { artistName: "मीरा सेन", artists: [meera] }, tracks: [track(1)] }),
      );
      await expectValid(xml);
      const party = "//PartyList/Party[PartyId]/PartyName";
      expect(xpath(xml, `${party}/FullName`)).toEqual(["मीरा सेन"]);
      expect(xpath(xml, `${party}/FullNameAsciiTranscribed`)).toEqual(["Meera Sen"]);
    }
  });
});

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
      // Local midnight in each territory: a date-time without a zone.
      expect((d.DealTerms as Obj).ValidityPeriod).toEqual({ StartDateTime: "2026-12-24T00:00:00" });
    }
  });

  it("a primary and a featured artist with profiles and a remixer: each profile's party carries our id and the store's, schema-valid in 4.3 and 4.3.2 (issue 35)", async () => {
    const asha = {
      id: "3f2c1e4a-0000-4000-8000-000000000001",
      name: "Asha",
      spotifyArtistUri: "spotify:artist:4Z8W4fKeB5YxbusRsdQVPb",
      appleMusicArtistId: null,
      appKey: "app-key-0123456789abcdef",
    };
    const ravi = {
      id: "3f2c1e4a-0000-4000-8000-000000000002",
      name: "ravi",
      spotifyArtistUri: "spotify:artist:1aBcDeFgHiJkLmNoPqRsTu",
      appleMusicArtistId: null,
      appKey: null,
    };
    const tracks = [track(1, { featuredArtists: ["Ravi"], remixers: ["Meera"], version: "Meera Remix" })];
    const partyIds = (name: string) => `//PartyList/Party[PartyName/FullName='${name}']/PartyId/ProprietaryId`;
    for (const version of ["4.3", "4.3.2"] as const) {
      const toSpotify = buildNewReleaseMessage(snapshot({ version, release: { artists: [asha, ravi] }, tracks }));
      await expectValid(toSpotify);
      // The artist's party (the label's, also named Asha here, carries none).
      expect(xpath(toSpotify, partyIds("Asha"))).toEqual([
        `KALRAV:ARTIST:${asha.id}`,
        asha.spotifyArtistUri,
        asha.appKey,
      ]);
      expect(xpath(toSpotify, `${partyIds("Asha")}/@Namespace`)).toEqual([
        "PADPIDALOCALKALRAV",
        "PADPIDALOCALSPOTIFY",
        "PADPIDALOCALSPOTIFY:ArtistProfileProtectionKey",
      ]);
      // The featured artist's profile (matched whatever the case) carries its own ids.
      expect(xpath(toSpotify, partyIds("Ravi"))).toEqual([`KALRAV:ARTIST:${ravi.id}`, ravi.spotifyArtistUri]);
      // The remixer has no profile here: a name only, credited as a Contributor with the role Remixer.
      expect(xpath(toSpotify, "//PartyList/Party[PartyName/FullName='Meera']/PartyId")).toEqual([]);
      const role = version === "4.3" ? "Role" : "Role/Value";
      expect(xpath(toSpotify, `//SoundRecording/Contributor/${role}`)).toEqual(["Remixer"]);
      expect(xpath(toSpotify, "//SoundRecording/DisplayArtist/DisplayArtistRole")).toEqual([
        "MainArtist",
        "FeaturedArtist",
      ]);
    }
    // Another store gets our ids alone (the delivery leaves Spotify's out for it).
    const elsewhere = buildNewReleaseMessage(
      snapshot({
        release: { artists: [asha, ravi].map((a) => ({ ...a, spotifyArtistUri: null, appKey: null })) },
        tracks,
      }),
    );
    await expectValid(elsewhere);
    expect(xpath(elsewhere, partyIds("Asha"))).toEqual([`KALRAV:ARTIST:${asha.id}`]);
    expect(elsewhere).not.toContain("app-key-");
  });

  it("an EP with featured artists: display artists with their role, titles as written, TrackReleases without titles", async () => {
    const tracks = [1, 2, 3, 4].map((p) => track(p, p === 2 ? { featuredArtists: ["Ravi", "Meera"] } : {}));
    const xml = buildNewReleaseMessage(snapshot({ release: { type: "ep", title: "Four Rains" }, tracks }));
    await expectValid(xml);
    const msg = parse(xml);
    expect(((msg.ReleaseList as Obj).Release as Obj).ReleaseType).toBe("EP");
    const trackReleases = list((msg.ReleaseList as Obj).TrackRelease as Obj[]);
    expect(trackReleases).toHaveLength(4);
    // DDEX rule 1049-2: a TrackRelease repeats no title of its recording.
    for (const tr of trackReleases) expect(tr.DisplayTitleText).toBeUndefined();
    expect(xpath(xml, "//DisplayTitleText")).not.toContainEqual(expect.stringContaining("feat."));
    const second = list((msg.ResourceList as Obj).SoundRecording as Obj[])[1] as Obj;
    expect(second.DisplayTitleText).toBe("Song 2");
    const artists = list(second.DisplayArtist as Obj[]).map((a) => a.DisplayArtistRole);
    expect(artists).toEqual(["MainArtist", "FeaturedArtist", "FeaturedArtist"]);
    const parties = list((msg.PartyList as Obj).Party as Obj[]).map((p) => (p.PartyName as Obj).FullName);
    expect(parties).toEqual(["Asha", "Ravi", "Meera", "Asha"]);
  });

  it("a version is the recording's SubTitle, in 4.3 and 4.3.2, and the display title reads 'Title (Version)'", async () => {
    for (const version of ["4.3", "4.3.2"] as const) {
      const xml = buildNewReleaseMessage(
        snapshot({ version, tracks: [track(1, { title: "Monsoon Nights", version: "Acoustic" })] }),
      );
      await expectValid(xml);
      expect(xpath(xml, "//ern:SoundRecording/ern:DisplayTitleText")).toEqual(["Monsoon Nights (Acoustic)"]);
      expect(xpath(xml, "//ern:SoundRecording/ern:DisplayTitle/ern:TitleText")).toEqual(["Monsoon Nights"]);
      expect(xpath(xml, "//ern:SoundRecording/ern:DisplayTitle/ern:SubTitle[@SubTitleType='Version']")).toEqual([
        "Acoustic",
      ]);
    }
  });

  it("an artist named like the label, or two artists whose names differ only in punctuation: every reference unique", async () => {
    const tracks = [track(1, { featuredArtists: ["A.R.", "AR"] })];
    const xml = buildNewReleaseMessage(snapshot({ release: { artistName: "Label", rightsHolder: "Label" }, tracks }));
    await expectValid(xml);
    const refs = [...xml.matchAll(/<PartyReference>([^<]+)</g)].map((m) => m[1]);
    expect(refs).toHaveLength(4);
    expect(new Set(refs).size).toBe(refs.length);
  });

  it("the pre-send check refuses a duplicate reference or one that points at nothing, though the XSD alone passes them", async () => {
    const xml = buildNewReleaseMessage(snapshot({ tracks: [track(1, { featuredArtists: ["Ravi"] })] }));
    const duplicate = xml.replace("<PartyReference>PA2</PartyReference>", "<PartyReference>PA1</PartyReference>");
    const result = await validator.validate(duplicate);
    expect(result.valid).toBe(false);
    expect(result.errors.join(" ")).toContain("PartyReference PA1 is used twice");
    const dangling = xml.replace(
      "<ReleaseResourceReference>A1</ReleaseResourceReference>",
      "<ReleaseResourceReference>A9</ReleaseResourceReference>",
    );
    expect((await validator.validate(dangling)).errors.join(" ")).toContain(
      "ReleaseResourceReference A9 points at nothing",
    );
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
    const [trackDeal, albumDeal] = list((msg.DealList as Obj).ReleaseDeal as Obj[]) as [Obj, Obj];
    // Tracks stream and sell; the album (R0) only sells, as in DDEX's samples. Each sale has a price.
    expect(list(trackDeal.DealReleaseReference)).not.toContain("R0");
    expect(list(trackDeal.Deal as Obj[]).map((d) => (d.DealTerms as Obj).CommercialModelType)).toEqual([
      "SubscriptionModel",
      "AdvertisementSupportedModel",
      "PayAsYouGoModel",
    ]);
    expect(albumDeal.DealReleaseReference).toBe("R0");
    const albumTerms = (albumDeal.Deal as Obj).DealTerms as Obj;
    expect(albumTerms.CommercialModelType).toBe("PayAsYouGoModel");
    expect(((albumTerms.PriceInformation as Obj).PriceCode as Obj)["#"]).toBe("ALBUM");
    expect(xml).toContain('<PriceCode Namespace="PADPIDALOCALKALRAV">TRACK</PriceCode>');
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
    // The cover is not explicit because the album is.
    expect(((msg.ResourceList as Obj).Image as Obj).ParentalWarningType).toBe("NotExplicit");
  });

  it("a takedown of a live release: its deals end at the moment the message is sent, and no files, schema-valid", async () => {
    const xml = buildNewReleaseMessage(snapshot({ takedown: true, createdAt: new Date("2027-02-01T08:00:00.250Z") }));
    await expectValid(xml);
    const msg = parse(xml);
    const deals = list(((msg.DealList as Obj).ReleaseDeal as Obj).Deal as Obj[]);
    expect(deals.length).toBeGreaterThan(0);
    for (const d of deals)
      expect((d.DealTerms as Obj).ValidityPeriod).toEqual({
        StartDateTime: "2026-12-24T00:00:00",
        EndDateTime: "2027-02-01T08:00:00.250Z",
      });
    expect(((msg.ReleaseList as Obj).Release as Obj).DisplayTitleText).toBe("Monsoon Nights");
    // The batch carries no files, so the message names none.
    expect(xml).not.toContain("<File>");
    expect(xml).not.toContain("HashSum");
    expect(xml.match(/<IsProvidedInDelivery>false<\/IsProvidedInDelivery>/g)).toHaveLength(2);
  });

  it("a takedown before the release date grants no availability at all: no deal (a deal from today to today would)", async () => {
    const xml = buildNewReleaseMessage(snapshot({ takedown: true, createdAt: new Date("2026-12-01T08:00:00Z") }));
    await expectValid(xml);
    const msg = parse(xml);
    expect(msg.DealList).toBeUndefined();
    expect(xml).not.toMatch(/StartDate|EndDate/);
    // Still the whole release, so the store knows what is withdrawn.
    expect(((msg.ReleaseList as Obj).Release as Obj).DisplayTitleText).toBe("Monsoon Nights");
  });

  it("a takedown on the release day: out already in the first time zones (UTC+14), so its deals end now", () => {
    // 10:30 UTC on 23 December is 00:30 on the 24th in Kiribati.
    const out = buildNewReleaseMessage(snapshot({ takedown: true, createdAt: new Date("2026-12-23T10:30:00Z") }));
    expect(out).toContain("<EndDateTime>2026-12-23T10:30:00.000Z</EndDateTime>");
    const before = buildNewReleaseMessage(snapshot({ takedown: true, createdAt: new Date("2026-12-23T09:59:59Z") }));
    expect(before).not.toContain("<DealList>");
  });

  it("credits: composers, lyricists and producers as Contributors, the artist who wrote the song one party; the language sung", async () => {
    const tracks = [
      track(1, {
        contributors: [
          { name: "Asha", role: "composer" },
          { name: "Gulzar Rao", role: "lyricist" },
          { name: "Meera Iyer", role: "producer" },
        ],
      }),
    ];
    const xml = buildNewReleaseMessage(snapshot({ tracks, release: { language: "hi" } }));
    await expectValid(xml);
    const sr = (parse(xml).ResourceList as Obj).SoundRecording as Obj;
    const contributors = list(sr.Contributor as Obj[]);
    expect(contributors.map((c) => c.ContributorPartyReference)).toEqual(["PA1", "PA2", "PA3"]);
    // Standard roles only: a producer is DDEX's StudioProducer, never UserDefined.
    expect(contributors.map((c) => c.Role)).toEqual(["Composer", "Lyricist", "StudioProducer"]);
    expect(xml).not.toContain("UserDefined");
    // The main artist is also the composer: one party, not two.
    const parties = list((parse(xml).PartyList as Obj).Party as Obj[]).map((p) => (p.PartyName as Obj).FullName);
    expect(parties).toEqual(["Asha", "Gulzar Rao", "Meera Iyer", "Asha"]);
    expect(sr.LanguageOfPerformance).toBe("hi");
    const instrumental = buildNewReleaseMessage(snapshot({ release: { language: "zxx" } }));
    await expectValid(instrumental);
    expect(instrumental).toContain("<IsInstrumental>true</IsInstrumental>");
    expect(instrumental).not.toContain("LanguageOfPerformance");
    // Issue 39: a track's own language overrides the release's; an instrumental track among sung ones.
    const mixed = buildNewReleaseMessage(
      snapshot({
        release: { language: "hi" },
        tracks: [track(1, { language: "pa" }), track(2, { language: "zxx" }), track(3)],
      }),
    );
    await expectValid(mixed);
    const recordings = list((parse(mixed).ResourceList as Obj).SoundRecording as Obj[]);
    expect(recordings.map((r) => [r.LanguageOfPerformance ?? null, r.IsInstrumental ?? null])).toEqual([
      ["pa", null],
      [null, "true"],
      ["hi", null],
    ]);
  });

  const R = "/ern:NewReleaseMessage/ReleaseList/Release";
  const SR = "/ern:NewReleaseMessage/ResourceList/SoundRecording";

  it("one person credited as composer and lyricist is one Contributor with both roles (DDEX rule 1030-1)", async () => {
    const tracks = [
      track(1, {
        contributors: [
          { name: "Gulzar Rao", role: "composer" },
          { name: "Meera Iyer", role: "producer" },
          { name: "Gulzar Rao", role: "lyricist" },
        ],
      }),
    ];
    const xml = buildNewReleaseMessage(snapshot({ tracks }));
    await expectValid(xml);
    expect(xpath(xml, `${SR}/Contributor/@SequenceNumber`)).toEqual(["1", "2"]);
    expect(xpath(xml, `${SR}/Contributor[1]/Role`)).toEqual(["Composer", "Lyricist"]);
    expect(xpath(xml, `${SR}/Contributor[2]/Role`)).toEqual(["StudioProducer"]);
    const gulzar = xpath(xml, `${SR}/Contributor[1]/ContributorPartyReference`)[0];
    expect(xpath(xml, `//PartyList/Party[PartyReference="${gulzar}"]/PartyName/FullName`)).toEqual(["Gulzar Rao"]);
  });

  it("featured artists are in each track's artist line, and a single's at the release level too", async () => {
    const xml = buildNewReleaseMessage(snapshot({ tracks: [track(1, { featuredArtists: ["Ravi", "Meera"] })] }));
    await expectValid(xml);
    expect(xpath(xml, `${SR}/DisplayArtistName`)).toEqual(["Asha feat. Ravi & Meera"]);
    expect(xpath(xml, `${R}/DisplayArtistName`)).toEqual(["Asha feat. Ravi & Meera"]);
    expect(xpath(xml, `${R}/DisplayArtist/DisplayArtistRole`)).toEqual([
      "MainArtist",
      "FeaturedArtist",
      "FeaturedArtist",
    ]);
    // The release's featured artists are the same parties as the track's.
    expect(xpath(xml, `${R}/DisplayArtist/ArtistPartyReference`)).toEqual(
      xpath(xml, `${SR}/DisplayArtist/ArtistPartyReference`),
    );
    // An EP is its main artist's: the featured artist of one track stays on that track.
    const ep = buildNewReleaseMessage(
      snapshot({
        release: { type: "ep" },
        tracks: [1, 2, 3, 4].map((p) => track(p, p === 2 ? { featuredArtists: ["Ravi"] } : {})),
      }),
    );
    await expectValid(ep);
    expect(xpath(ep, `${R}/DisplayArtistName`)).toEqual(["Asha"]);
    expect(xpath(ep, `${SR}/DisplayArtistName`)).toEqual(["Asha", "Asha feat. Ravi", "Asha", "Asha"]);
  });

  it("one explicit track makes the release explicit even when the artist did not tick it", async () => {
    const tracks = [1, 2, 3, 4].map((p) => track(p, { isExplicit: p === 3 }));
    const xml = buildNewReleaseMessage(snapshot({ release: { type: "ep", isExplicit: false }, tracks }));
    await expectValid(xml);
    expect(xpath(xml, `${R}/ParentalWarningType`)).toEqual(["Explicit"]);
    expect(xpath(xml, `${SR}/ParentalWarningType`)).toEqual(["NotExplicit", "NotExplicit", "Explicit", "NotExplicit"]);
  });

  it("a re-release carries its original release date, and its (P) year is the year the recording first came out", async () => {
    const xml = buildNewReleaseMessage(snapshot({ release: { originalReleaseDate: "1998-06-15" } }));
    await expectValid(xml);
    expect(xpath(xml, `${R}/OriginalReleaseDate`)).toEqual(["1998-06-15"]);
    expect(xpath(xml, `${R}/PLine/Year`)).toEqual(["1998"]);
    expect(xpath(xml, `${R}/PLine/PLineText`)).toEqual(["(P) 1998 Asha"]);
    expect(xpath(xml, `${SR}/SoundRecordingEdition/PLine/Year`)).toEqual(["1998"]);
    // The artwork and packaging are new: the (C) line keeps the release's own year.
    expect(xpath(xml, `${R}/CLine/Year`)).toEqual(["2026"]);
    expect(xpath(buildNewReleaseMessage(snapshot()), `${R}/OriginalReleaseDate`)).toEqual([]);
  });

  it("a compilation: each track's own artist, the real label as label and rights holder, the compilation release type", async () => {
    const artists = ["Asha", "Ravi", "Meera", "Asha"];
    const tracks = artists.map((artistName, i) => track(i + 1, { artistName }));
    const xml = buildNewReleaseMessage(
      snapshot({
        release: { type: "compilation", artistName: "Various Artists", rightsHolder: "Monsoon Records" },
        tracks,
      }),
    );
    await expectValid(xml);
    expect(xpath(xml, `${SR}/DisplayArtistName`)).toEqual(artists);
    // "Various Artists" is how the release is shown, never a party: not an artist, label or holder.
    expect(xpath(xml, "//PartyList/Party/PartyName/FullName")).toEqual(["Asha", "Ravi", "Meera", "Monsoon Records"]);
    const label = xpath(xml, `${R}/ReleaseLabelReference`)[0];
    expect(xpath(xml, `//PartyList/Party[PartyReference="${label}"]/PartyName/FullName`)).toEqual(["Monsoon Records"]);
    expect(xpath(xml, `${R}/PLine/PLineText`)).toEqual(["(P) 2026 Monsoon Records"]);
    expect(xpath(xml, `${R}/CLine/CLineText`)).toEqual(["(C) 2026 Monsoon Records"]);
    expect(xpath(xml, `${SR}/SoundRecordingEdition/PLine/PLineText`)).toEqual(
      artists.map(() => "(P) 2026 Monsoon Records"),
    );
    expect(xpath(xml, `${R}/ReleaseType`)).toEqual(["UserDefined"]);
    expect(xpath(xml, `${R}/ReleaseType/@UserDefinedValue`)).toEqual(["Compilation"]);
    expect(xpath(xml, `${R}/ReleaseType/@Namespace`)).toEqual(["PADPIDALOCALSPOTIFY"]);
    expect(xpath(xml, `${R}/IsMultiArtistCompilation`)).toEqual(["true"]);
    expect(xpath(xml, `${R}/DisplayArtistName`)).toEqual(["Various Artists"]);
    expect(xpath(xml, `${R}/DisplayArtist/DisplayArtistRole`)).toEqual(["MainArtist", "MainArtist", "MainArtist"]);
    expect(xml).not.toMatch(/<FullName>Various Artists<\/FullName>|\(P\) 2026 Various Artists/);
  });

  it("one moment everywhere: deals start at India's midnight in UTC; a takedown before that moment grants nothing", async () => {
    const xml = buildNewReleaseMessage(snapshot({ release: { releaseTiming: "global" } }));
    await expectValid(xml);
    expect(new Set(xpath(xml, "//Deal/DealTerms/ValidityPeriod/StartDateTime"))).toEqual(
      new Set(["2026-12-23T18:30:00.000Z"]),
    );
    const early = buildNewReleaseMessage(
      snapshot({ release: { releaseTiming: "global" }, takedown: true, createdAt: new Date("2026-12-23T18:29:59Z") }),
    );
    expect(xpath(early, "/ern:NewReleaseMessage/DealList")).toEqual([]);
    const after = buildNewReleaseMessage(
      snapshot({ release: { releaseTiming: "global" }, takedown: true, createdAt: new Date("2026-12-23T18:30:01Z") }),
    );
    expect(new Set(xpath(after, "//Deal/DealTerms/ValidityPeriod/EndDateTime"))).toEqual(
      new Set(["2026-12-23T18:30:01.000Z"]),
    );
  });

  it("a pre-order: the album sold from the pre-order date until the release, with its instant-grat track out from its own date", async () => {
    const tracks = [1, 2, 3, 4].map((p) => track(p, { instantGrat: p === 2 }));
    const xml = buildNewReleaseMessage(
      snapshot({
        release: { type: "ep", preOrderDate: "2026-12-01", instantGratDate: "2026-12-10" },
        tracks,
        downloads: true,
      }),
    );
    await expectValid(xml);
    const preOrder = "//ReleaseDeal[DealReleaseReference='R0']/Deal[DealTerms/IsPreOrderDeal='true']/DealTerms";
    expect(xpath(xml, `${preOrder}/ValidityPeriod/StartDateTime`)).toEqual(["2026-12-01T00:00:00"]);
    // It ends where the release's own deal starts: a continuum, not an overlap.
    expect(xpath(xml, `${preOrder}/ValidityPeriod/EndDateTime`)).toEqual(["2026-12-24T00:00:00"]);
    expect(xpath(xml, `${preOrder}/UseType`)).toEqual(["PermanentDownload"]);
    expect(xpath(xml, `${preOrder}/InstantGratificationResourceList/DealResourceReference`)).toEqual(["A2"]);
    const igDeal = "//ReleaseDeal[DealReleaseReference='R2']";
    expect(xpath(xml, `${igDeal}/DealReleaseReference`)).toEqual(["R2"]);
    expect(new Set(xpath(xml, `${igDeal}/Deal/DealTerms/ValidityPeriod/StartDateTime`))).toEqual(
      new Set(["2026-12-10T00:00:00"]),
    );
    expect(
      new Set(xpath(xml, "//ReleaseDeal[DealReleaseReference='R1']/Deal/DealTerms/ValidityPeriod/StartDateTime")),
    ).toEqual(new Set(["2026-12-24T00:00:00"]));
    // A streaming-only store has nothing to pre-sell: no pre-order, and every track from the release date.
    const streaming = buildNewReleaseMessage(
      snapshot({ release: { type: "ep", preOrderDate: "2026-12-01", instantGratDate: "2026-12-10" }, tracks }),
    );
    expect(xpath(streaming, "//IsPreOrderDeal")).toEqual([]);
    expect(new Set(xpath(streaming, "//ValidityPeriod/StartDateTime"))).toEqual(new Set(["2026-12-24T00:00:00"]));
  });

  it("ERN 4.3.2 for stores that take it: the declared AI use on recordings, contributors, artwork and release; nothing when undeclared", async () => {
    const ai = {
      vocals: "none",
      instrumentation: "all",
      composition: "partly",
      lyrics: "none",
      postProduction: "none",
    } as const;
    const declared = snapshot({
      version: "4.3.2",
      release: { artworkAi: "none" },
      tracks: [
        track(1, {
          ai,
          contributors: [
            { name: "Gulzar Rao", role: "composer" },
            { name: "Gulzar Rao", role: "lyricist" },
            { name: "Meera Iyer", role: "producer" },
          ],
        }),
      ],
    });
    const xml = buildNewReleaseMessage(declared);
    await expectValid(xml);
    expect(xml).toContain('xmlns:ern="http://ddex.net/xml/ern/432"');
    expect(xpath(xml, `${SR}/ContainsAI`)).toEqual(["Partly"]);
    // Gulzar wrote music (partly AI) and words (none): partly; Meera produced AI instruments and a human mix.
    expect(xpath(xml, `${SR}/Contributor/AiContribution`)).toEqual(["Partly", "Partly"]);
    expect(xpath(xml, `${SR}/Contributor[1]/Role/Value`)).toEqual(["Composer", "Lyricist"]);
    expect(xpath(xml, "//ResourceList/Image/ContainsAI")).toEqual(["None"]);
    expect(xpath(xml, `${R}/ContainsAI`)).toEqual(["Partly"]);
    // Not declared: 4.3.2 says nothing rather than guess; 4.3 has no place for it at all.
    const silent = buildNewReleaseMessage(snapshot({ version: "4.3.2" }));
    await expectValid(silent);
    expect(xpath(silent, "//ContainsAI")).toEqual([]);
    const v43 = buildNewReleaseMessage({ ...declared, version: "4.3" });
    await expectValid(v43);
    expect(v43).not.toContain("ContainsAI");
    expect(v43).not.toContain("AiContribution");
  });

  it("every release shape is valid ERN 4.3.2 too, the takedown and the purge included", async () => {
    const shapes: ErnSnapshot[] = [
      snapshot({ version: "4.3.2", downloads: true }),
      snapshot({
        version: "4.3.2",
        release: { type: "compilation", artistName: "Various Artists", rightsHolder: "Monsoon Records" },
        tracks: ["Asha", "Ravi", "Meera", "Kabir"].map((artistName, i) => track(i + 1, { artistName })),
      }),
      snapshot({
        version: "4.3.2",
        release: { type: "ep", preOrderDate: "2026-12-01", instantGratDate: "2026-12-10", releaseTiming: "global" },
        tracks: [1, 2, 3, 4].map((p) => track(p, { instantGrat: p === 1, featuredArtists: p === 2 ? ["Ravi"] : [] })),
        downloads: true,
      }),
      snapshot({ version: "4.3.2", takedown: true, createdAt: new Date("2027-02-01T08:00:00Z") }),
    ];
    for (const shape of shapes) await expectValid(buildNewReleaseMessage(shape));
    const purge = buildPurgeReleaseMessage(snapshot({ version: "4.3.2" }));
    await expectValid(purge);
    expect(purge).toContain("http://ddex.net/xml/ern/432");
  });

  it("declares the allowed-value-set version our schema folder holds, the one its values come from", () => {
    const avs = readFileSync(path.join(defaultSchemaDir(), "allowed-value-sets.xsd"), "utf8");
    const version = /<xs:documentation source="AvsVersionId">(\d+)<\/xs:documentation>/.exec(avs)?.[1];
    expect(version).toBe(AVS_VERSION);
    expect(buildNewReleaseMessage(snapshot())).toContain(`AvsVersionId="${version}"`);
    expect(buildPurgeReleaseMessage(snapshot())).toContain(`AvsVersionId="${version}"`);
  });

  it("a takedown for a store whose rule is to purge: a schema-valid PurgeReleaseMessage naming the release by its UPC", async () => {
    const xml = buildPurgeReleaseMessage(snapshot());
    await expectValid(xml);
    expect(xml).toContain("<ern:PurgeReleaseMessage");
    expect(xml).toContain("<ICPN>8901234000007</ICPN>");
    expect(xml).toContain("<TitleText>Monsoon Nights</TitleText>");
    expect(xml).toContain("<PartyId>PADPIDALOCALSPOTIFY</PartyId>");
  });

  it("the validator refuses a broken message", async () => {
    const xml = buildNewReleaseMessage(snapshot()).replace(
      "<ReleaseType>Single</ReleaseType>",
      "<ReleaseType>Mixtape</ReleaseType>",
    );
    expect((await validator.validate(xml)).valid).toBe(false);
  });
});

describe("DDEX release-profile business rules (beyond the official samples' baseline)", () => {
  const AUDIO = "Audio.xsl";
  const TRACK_RELEASES = "ReleaseProfileTrackReleaseRules.xsl";
  let baseline: Map<string, Set<string>>;
  beforeAll(() => {
    baseline = new Map([AUDIO, TRACK_RELEASES].map((rules) => [rules, sampleBaseline(rules)]));
  }, 120_000);

  /** Findings the official samples do not also produce. */
  function newFindings(xml: string) {
    return [AUDIO, TRACK_RELEASES].flatMap((rules) =>
      ruleFindings(rules, xml).filter((f) => !baseline.get(rules)?.has(f.rule)),
    );
  }

  const explicitAlbum = Array.from({ length: 8 }, (_, i) =>
    track(i + 1, {
      isExplicit: i === 0,
      featuredArtists: i === 2 ? ["Ravi"] : [],
      contributors: [
        { name: "Asha", role: "composer" },
        { name: "Gulzar Rao", role: "lyricist" },
        { name: "Meera Iyer", role: "producer" },
      ],
    }),
  );
  const cases: [string, ErnSnapshot][] = [
    ["a single", snapshot({ downloads: true })],
    ["an EP", snapshot({ release: { type: "ep" }, tracks: [1, 2, 3, 4].map((p) => track(p)), downloads: true })],
    [
      "an album",
      snapshot({
        release: { type: "album" },
        tracks: explicitAlbum.map((t) => ({ ...t, isExplicit: false })),
        downloads: true,
      }),
    ],
    [
      "an explicit album with credits and its language",
      snapshot({
        release: { type: "album", isExplicit: true, language: "ta" },
        tracks: explicitAlbum,
        downloads: true,
      }),
    ],
    [
      "a person credited as composer and lyricist (rule 1030-1), a featured artist on a single, a re-release",
      snapshot({
        release: { originalReleaseDate: "1998-06-15" },
        tracks: [
          track(1, {
            featuredArtists: ["Ravi"],
            contributors: [
              { name: "Gulzar Rao", role: "composer" },
              { name: "Gulzar Rao", role: "lyricist" },
            ],
          }),
        ],
        downloads: true,
      }),
    ],
    [
      "a compilation",
      snapshot({
        release: { type: "compilation", artistName: "Various Artists", rightsHolder: "Monsoon Records" },
        tracks: ["Asha", "Ravi", "Meera", "Kabir"].map((artistName, i) => track(i + 1, { artistName })),
        downloads: true,
      }),
    ],
    [
      "a pre-order with an instant-grat track",
      snapshot({
        release: { type: "ep", preOrderDate: "2026-12-01", instantGratDate: "2026-12-10" },
        tracks: [1, 2, 3, 4].map((p) => track(p, { instantGrat: p === 1 })),
        downloads: true,
      }),
    ],
    ["an artist named Label", snapshot({ release: { artistName: "Label", rightsHolder: "Label" }, downloads: true })],
    ["a takedown", snapshot({ takedown: true, downloads: true, createdAt: new Date("2027-02-01T08:00:00Z") })],
    [
      "an update (metadata only)",
      snapshot({ filesProvided: false, downloads: true, release: { title: "Monsoon Nights (Remastered)" } }),
    ],
  ];
  it.each(cases)("%s: no finding beyond the baseline, and still schema-valid", async (_, snap) => {
    const xml = buildNewReleaseMessage(snap);
    await expectValid(xml);
    expect(newFindings(xml)).toEqual([]);
  });

  it("a store without downloads: no error beyond the baseline; only the warning that the album itself has no deal", async () => {
    const xml = buildNewReleaseMessage(
      snapshot({ release: { type: "album" }, tracks: explicitAlbum, downloads: false }),
    );
    const findings = newFindings(xml);
    expect(findings.filter((f) => f.role !== "Warning")).toEqual([]);
    // Streaming stores assemble the album from its track deals; DDEX's samples sell the album itself only as a download.
    expect(findings.map((f) => f.rule)).toEqual([
      expect.stringContaining("All ReleaseReferences must have a Reference IDREF"),
    ]);
  });

  it("a takedown before the release date: no error beyond the baseline; only the warning that no deal names the releases", () => {
    const findings = newFindings(buildNewReleaseMessage(snapshot({ takedown: true, downloads: true })));
    expect(findings.filter((f) => f.role !== "Warning")).toEqual([]);
    expect(findings.map((f) => f.rule)).toEqual([
      expect.stringContaining("All ReleaseReferences must have a Reference IDREF"),
    ]);
  });

  it("the rule check catches what the old messages did: a TrackRelease repeating its recording's title (1049-2)", () => {
    const xml = buildNewReleaseMessage(snapshot());
    const withTitle = xml.replace(
      /(<TrackRelease>[\s\S]*?<\/ReleaseId>)/,
      "$1\n      <DisplayTitleText>Song 1</DisplayTitleText>",
    );
    expect(newFindings(withTitle).map((f) => f.rule)).toContain("1049-2");
  });
});
