import { describe, expect, it } from "vitest";
import { ernSnapshot, ernTrack, FIXTURE_UPC } from "#server/test/ern-fixtures";
import { xpath } from "#server/test/xpath";
import type { ErnSnapshot, ErnTrack } from "./ern";
import { appleGenre, buildItunesMetadata, checkItunesPackage, type PackageFile, packageFolder } from "./itunes-package";

const UPC = FIXTURE_UPC;
const track = ernTrack;

/** The fixture release as an Apple store takes it: downloads on, sung in Hindi. */
function snapshot(over: Parameters<typeof ernSnapshot>[0] = {}): ErnSnapshot {
  return ernSnapshot({ downloads: true, ...over, release: { language: "hi", ...over.release } });
}

/** The package's files as they would be on disk: each named file with its size and MD5. */
function filesOf(s: ErnSnapshot): PackageFile[] {
  const out: PackageFile[] = s.tracks.flatMap((t) =>
    t.audio ? [{ name: t.audio.fileName, bytes: 1000 + t.position, md5: t.audio.md5 }] : [],
  );
  if (s.artwork) out.push({ name: s.artwork.fileName, bytes: 5000, md5: s.artwork.md5 });
  return out;
}
const sizes = (files: PackageFile[]) => Object.fromEntries(files.map((f) => [f.name, f.bytes]));
const P = "/package/album";

describe("Apple's iTunes Package", () => {
  it("a single: metadata.xml names the album, the track, its artists, files with size and MD5, and products; it passes the checks", () => {
    const s = snapshot({
      tracks: [track(1, { featuredArtists: ["Ravi"], contributors: [{ name: "Gulzar Rao", role: "lyricist" }] })],
    });
    const files = filesOf(s);
    const xml = buildItunesMetadata(s, { provider: "KALRAV_LOCAL", sizes: sizes(files) });
    expect(xpath(xml, "/package/@version")).toEqual(["music5.3"]);
    expect(xpath(xml, "/package/provider")).toEqual(["KALRAV_LOCAL"]);
    expect(xpath(xml, `${P}/vendor_id`)).toEqual([UPC]);
    expect(xpath(xml, `${P}/upc`)).toEqual([UPC]);
    expect(xpath(xml, `${P}/title`)).toEqual(["Monsoon Nights"]);
    expect(xpath(xml, `${P}/original_release_date`)).toEqual(["2026-12-24"]);
    expect(xpath(xml, `${P}/genres/genre/@code`)).toEqual(["ALTERNATIVE-00"]);
    expect(xpath(xml, `${P}/copyright_pline`)).toEqual(["2026 Asha"]);
    expect(xpath(xml, `${P}/track_count`)).toEqual(["1"]);
    expect(xpath(xml, `${P}/artwork_files/file/file_name`)).toEqual([`${UPC}.jpg`]);
    expect(xpath(xml, `${P}/artwork_files/file/size`)).toEqual(["5000"]);
    expect(xpath(xml, `${P}/artwork_files/file/checksum`)).toEqual([s.artwork?.md5]);
    expect(xpath(xml, `${P}/artwork_files/file/checksum/@type`)).toEqual(["md5"]);
    // A single's featured artist is the album's too, never primary.
    expect(xpath(xml, `${P}/artists/artist/artist_name`)).toEqual(["Asha", "Ravi"]);
    expect(xpath(xml, `${P}/artists/artist/primary`)).toEqual(["true", "false"]);
    const T = `${P}/tracks/track`;
    expect(xpath(xml, `${T}/isrc`)).toEqual(["INZZZ2600001"]);
    expect(xpath(xml, `${T}/track_number`)).toEqual(["1"]);
    expect(xpath(xml, `${T}/audio_language`)).toEqual(["hi"]);
    expect(xpath(xml, `${T}/audio_file/size`)).toEqual(["1001"]);
    expect(xpath(xml, `${T}/artists/artist/roles/role`)).toEqual(["Performer", "Featuring", "Lyricist"]);
    // Streaming from the release date; no price tiers configured, so nothing is for sale.
    expect(xpath(xml, `${T}/products/product/cleared_for_stream`)).toEqual(["true"]);
    expect(xpath(xml, `${T}/products/product/stream_start_date`)).toEqual(["2026-12-24"]);
    expect(xpath(xml, `${T}/products/product/cleared_for_sale`)).toEqual(["false"]);
    expect(checkItunesPackage({ folder: packageFolder(UPC), metadata: xml, files, snapshot: s })).toEqual([]);
  });

  it("an artist Apple knows is named by its Apple id wherever credited; a remixer is credited with Apple's role (issue 35)", () => {
    const ids = { spotifyArtistUri: null, appKey: null };
    const s = snapshot({
      release: {
        artists: [
          { ...ids, id: "a1", name: "Asha", appleMusicArtistId: "1234567890" },
          { ...ids, id: "a2", name: "Meera", appleMusicArtistId: null },
        ],
      },
      tracks: [track(1, { featuredArtists: ["Ravi"], remixers: ["Meera"], version: "Meera Remix" })],
    });
    const xml = buildItunesMetadata(s, { provider: "KALRAV_LOCAL", sizes: sizes(filesOf(s)) });
    expect(xpath(xml, `${P}/artists/artist[artist_name="Asha"]/apple_id`)).toEqual(["1234567890"]);
    expect(xpath(xml, `${P}/artists/artist[artist_name="Ravi"]/apple_id`)).toEqual([]);
    const T = `${P}/tracks/track/artists/artist`;
    expect(xpath(xml, `${T}[artist_name="Asha"]/apple_id`)).toEqual(["1234567890"]);
    expect(xpath(xml, `${T}/roles/role`)).toEqual(["Performer", "Featuring", "Remixer"]);
    expect(xpath(xml, `${T}[artist_name="Meera"]/apple_id`)).toEqual([]);
  });

  it("an album with price tiers: every track numbered, sold and streamed, explicit where it is, each file named once", () => {
    const tracks = Array.from({ length: 10 }, (_, i) => track(i + 1, { isExplicit: i === 4 }));
    const s = snapshot({ release: { type: "album", originalReleaseDate: "1998-06-15" }, tracks });
    const files = filesOf(s);
    const xml = buildItunesMetadata(s, {
      provider: "KALRAV_LOCAL",
      priceTiers: { track: "98", album: "32" },
      sizes: sizes(files),
    });
    const T = `${P}/tracks/track`;
    expect(xpath(xml, `${T}/track_number`)).toEqual(tracks.map((t) => String(t.position)));
    expect(xpath(xml, `${P}/explicit_content`)).toEqual(["explicit"]);
    expect(xpath(xml, `${T}/explicit_content`)[4]).toBe("explicit");
    expect(xpath(xml, `${T}/explicit_content`)[0]).toBe("none");
    expect(xpath(xml, `${P}/products/product/wholesale_price_tier`)).toEqual(["32"]);
    expect(xpath(xml, `${T}[1]/products/product/wholesale_price_tier`)).toEqual(["98"]);
    expect(xpath(xml, `${P}/products/product/cleared_for_sale`)).toEqual(["true"]);
    // A re-release: the original date, and the (P) year from it.
    expect(xpath(xml, `${P}/original_release_date`)).toEqual(["1998-06-15"]);
    expect(xpath(xml, `${P}/copyright_pline`)).toEqual(["1998 Asha"]);
    expect(xpath(xml, `//file_name`)).toHaveLength(11);
    expect(checkItunesPackage({ folder: packageFolder(UPC), metadata: xml, files, snapshot: s })).toEqual([]);
  });

  it("the checks catch a wrong checksum or size, a missing or unnamed file, a misnamed folder, a bad track count and weak assets", () => {
    const s = snapshot({ release: { type: "ep" }, tracks: [1, 2, 3, 4].map((p) => track(p)) });
    const files = filesOf(s);
    const xml = buildItunesMetadata(s, { provider: "KALRAV_LOCAL", sizes: sizes(files) });
    const check = (over: Partial<Parameters<typeof checkItunesPackage>[0]>) =>
      checkItunesPackage({ folder: packageFolder(UPC), metadata: xml, files, snapshot: s, ...over });
    const [first, ...rest] = files as [PackageFile, ...PackageFile[]];
    expect(check({ files: [{ ...first, md5: "f".repeat(32) }, ...rest] })).toEqual([
      `${first.name}'s size or checksum differs from what metadata.xml says.`,
    ]);
    expect(check({ files: rest })).toEqual([`${first.name} is named in metadata.xml but not in the package.`]);
    expect(check({ files: [...files, { name: "notes.txt", bytes: 3, md5: "0".repeat(32) }] })).toEqual([
      "notes.txt is in the package but not in metadata.xml.",
    ]);
    expect(check({ folder: "release.itmsp" })).toEqual([`The package folder must be named ${UPC}.itmsp.`]);
    expect(check({ metadata: xml.replace("<track_count>4</track_count>", "<track_count>5</track_count>") })).toEqual([
      "album/track_count is not the number of tracks.",
    ]);
    expect(check({ metadata: "<package" })).toEqual(["metadata.xml is not well-formed XML."]);
    const weak = snapshot({
      tracks: [track(1, { audio: { ...(track(1).audio as NonNullable<ErnTrack["audio"]>), channels: 1 } })],
      artwork: { fileName: `${UPC}.jpg`, md5: "c".repeat(32), width: 1400, height: 1400, format: "jpeg" },
    });
    const weakFiles = filesOf(weak);
    expect(
      checkItunesPackage({
        folder: packageFolder(UPC),
        metadata: buildItunesMetadata(weak, { provider: "KALRAV_LOCAL", sizes: sizes(weakFiles) }),
        files: weakFiles,
        snapshot: weak,
      }),
    ).toEqual([
      "Track 1's audio must be stereo, 16-bit or more, 44.1 kHz or more.",
      "The artwork must be a square JPEG or PNG of at least 3000 × 3000 pixels.",
    ]);
  });

  it("a metadata-only update names no file; a takedown withdraws every product and lists no track", () => {
    const update = snapshot({ filesProvided: false });
    const updateXml = buildItunesMetadata(update, { provider: "KALRAV_LOCAL", sizes: {} });
    expect(xpath(updateXml, "//file_name")).toEqual([]);
    expect(xpath(updateXml, `${P}/tracks/track/isrc`)).toEqual(["INZZZ2600001"]);
    expect(
      checkItunesPackage({ folder: packageFolder(UPC), metadata: updateXml, files: [], snapshot: update }),
    ).toEqual([]);
    const takedown = snapshot({ takedown: true, filesProvided: false, createdAt: new Date("2027-02-01T00:00:00Z") });
    const takedownXml = buildItunesMetadata(takedown, { provider: "KALRAV_LOCAL", sizes: {} });
    expect(xpath(takedownXml, `${P}/products/product/cleared_for_sale`)).toEqual(["false"]);
    expect(xpath(takedownXml, `${P}/products/product/cleared_for_stream`)).toEqual(["false"]);
    expect(xpath(takedownXml, `${P}/tracks`)).toEqual([]);
    expect(
      checkItunesPackage({ folder: packageFolder(UPC), metadata: takedownXml, files: [], snapshot: takedown }),
    ).toEqual([]);
  });

  it("a compilation: each track's artist primary on its track, the album's artists the tracks' own, the real label", () => {
    const s = snapshot({
      release: { type: "compilation", artistName: "Various Artists", rightsHolder: "Monsoon Records" },
      tracks: ["Asha", "Ravi", "Asha"].map((artistName, i) => track(i + 1, { artistName })),
    });
    const files = filesOf(s);
    const xml = buildItunesMetadata(s, { provider: "KALRAV_LOCAL", sizes: sizes(files) });
    expect(xpath(xml, `${P}/compilation`)).toEqual(["true"]);
    expect(xpath(xml, `${P}/label_name`)).toEqual(["Monsoon Records"]);
    expect(xpath(xml, `${P}/artists/artist/artist_name`)).toEqual(["Asha", "Ravi"]);
    expect(xpath(xml, `${P}/tracks/track/artists/artist[primary="true"]/artist_name`)).toEqual([
      "Asha",
      "Ravi",
      "Asha",
    ]);
    expect(xml).not.toContain("Various Artists");
  });

  it("a pre-order: the album's product opens it; each track says whether it is heard at once", () => {
    const s = snapshot({
      release: { type: "ep", preOrderDate: "2026-12-01", instantGratDate: "2026-12-10" },
      tracks: [1, 2, 3, 4].map((p) => track(p, { instantGrat: p === 2 })),
    });
    const files = filesOf(s);
    const xml = buildItunesMetadata(s, {
      provider: "KALRAV_LOCAL",
      priceTiers: { track: "98", album: "32" },
      sizes: sizes(files),
    });
    expect(xpath(xml, `${P}/products/product/preorder_sales_start_date`)).toEqual(["2026-12-01"]);
    expect(xpath(xml, `${P}/tracks/track/products/product/preorder_sales_start_date`)).toEqual([]);
    expect(xpath(xml, `${P}/tracks/track/preorder_type`)).toEqual([
      "standard",
      "instant-gratification",
      "standard",
      "standard",
    ]);
    // Without the agreement's prices there is nothing to pre-sell.
    const streaming = buildItunesMetadata(s, { provider: "KALRAV_LOCAL", sizes: sizes(files) });
    expect(xpath(streaming, "//preorder_sales_start_date")).toEqual([]);
    expect(xpath(streaming, "//preorder_type")).toEqual([]);
  });

  it("genres map to Apple's codes, and anything unknown is World", () => {
    expect(appleGenre("Bollywood")).toBe("SOUNDTRACK-00");
    expect(appleGenre("Hip-Hop")).toBe("HIP-HOP-00");
    expect(appleGenre("Sufi")).toBe("INDIAN-CLASSICAL-00");
    expect(appleGenre("Ghazal")).toBe("WORLD-00");
    expect(appleGenre(null)).toBe("WORLD-00");
  });
});
