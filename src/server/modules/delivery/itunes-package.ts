import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import { type ContributorRole, creditsByPerson } from "#domain/credits";
import { isExplicitRelease } from "#domain/releases";
import { titleWithVersion } from "#domain/tracks";
import { artistIdsByName, type ErnSnapshot } from "./ern";

/**
 * Apple's own delivery format (Apple Music Specification 5.3, public at help.apple.com/itc/musicspec):
 * an iTunes Package, a folder `<vendor_id>.itmsp` holding `metadata.xml` and the files it names,
 * uploaded with Apple's Transporter. Built from the same snapshot as an ERN message, so a release
 * says the same things to every store.
 */
export const ITUNES_NS = "http://apple.com/itunes/importer";
export const ITUNES_SPEC_VERSION = "music5.3";

/** A file of the package, as metadata.xml names it: its name in the folder, size and MD5. */
export interface PackageFile {
  name: string;
  bytes: number;
  md5: string;
}

export interface ItunesOptions {
  /** The provider short name Apple assigned to the content provider (the store's `provider`). */
  provider: string;
  /**
   * Apple's wholesale price tiers from the provider's agreement. Without them nothing is offered
   * for sale (streaming only): a price is a commercial term, never guessed.
   */
  priceTiers?: { track: string; album: string };
  /** Size of every file the package carries (by file name): needed for `<size>`. */
  sizes: Record<string, number>;
}

/**
 * Apple genre codes for the genres artists type most often (Apple's list is longer; an operator
 * checks it against their provider's genre list). Anything else is World.
 */
const APPLE_GENRES: [RegExp, string][] = [
  [/bollywood|film|soundtrack/i, "SOUNDTRACK-00"],
  [/punjabi/i, "PUNJABI-POP-00"],
  [/devotional|spiritual|bhajan|qawwali|sufi/i, "INDIAN-CLASSICAL-00"],
  [/indian classical|carnatic|hindustani/i, "INDIAN-CLASSICAL-00"],
  [/hip.?hop|rap/i, "HIP-HOP-00"],
  [/r&b|soul/i, "R&B-00"],
  [/rock|indie/i, "ALTERNATIVE-00"],
  [/electronic|edm|dance/i, "ELECTRONIC-00"],
  [/jazz/i, "JAZZ-00"],
  [/classical/i, "CLASSICAL-00"],
  [/pop/i, "POP-00"],
];
export function appleGenre(genre: string | null): string {
  return APPLE_GENRES.find(([pattern]) => genre && pattern.test(genre))?.[1] ?? "WORLD-00";
}

/** Our credit roles as Apple names them. */
const APPLE_ROLE: Record<ContributorRole, string> = {
  composer: "Composer",
  lyricist: "Lyricist",
  producer: "Producer",
};

/** Vendor ids: letters, digits and underscores only (the spec's rule); the UPC is one. */
export const VENDOR_ID = /^[A-Za-z0-9_]+$/;

export function packageFolder(upc: string): string {
  return `${upc}.itmsp`;
}

/**
 * metadata.xml for a release: album, tracks, artists, files with size and MD5, and products. An
 * update without files names none (Apple's metadata-only update); a takedown is the album with every
 * product withdrawn (`cleared_for_sale` and `cleared_for_stream` false) and no tracks.
 */
export function buildItunesMetadata(s: ErnSnapshot, opts: ItunesOptions): string {
  const r = s.release;
  const idsOf = artistIdsByName(r.artists);
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const pkg = doc.ele(ITUNES_NS, "package", { version: ITUNES_SPEC_VERSION });
  pkg.ele("language").txt("en");
  pkg.ele("provider").txt(opts.provider);
  const album = pkg.ele("album");
  album.ele("vendor_id").txt(r.upc);
  album.ele("upc").txt(r.upc);
  album.ele("title").txt(r.title);
  album.ele("original_release_date").txt(r.originalReleaseDate ?? r.releaseDate);
  album.ele("label_name").txt(r.rightsHolder);
  album.ele("genres").ele("genre", { code: appleGenre(r.genre) });
  const pYear = (r.originalReleaseDate ?? r.releaseDate).slice(0, 4);
  album.ele("copyright_pline").txt(`${pYear} ${r.rightsHolder}`);
  album.ele("copyright_cline").txt(`${r.releaseDate.slice(0, 4)} ${r.rightsHolder}`);
  const withFiles = s.filesProvided && !s.takedown;
  if (withFiles && s.artwork) {
    file(album.ele("artwork_files").ele("file"), s.artwork.fileName, s.artwork.md5, opts);
  }
  const compilation = r.type === "compilation";
  const explicit = isExplicitRelease(r, s.tracks);
  if (!s.takedown) {
    album.ele("track_count").txt(String(s.tracks.length));
    album.ele("explicit_content").txt(explicit ? "explicit" : "none");
    if (compilation) album.ele("compilation").txt("true");
  }
  const products = album.ele("products");
  product(products, s, opts, "album");
  const mains = compilation ? [...new Set(s.tracks.map((t) => t.artistName || r.artistName))] : [r.artistName];
  const releaseFeatured =
    s.tracks.length === 1 ? (s.tracks[0]?.featuredArtists ?? []).filter((n) => n !== r.artistName) : [];
  const artists = album.ele("artists");
  const appleId = (name: string) => idsOf(name)?.appleMusicArtistId;
  for (const name of mains) artist(artists, name, ["Performer"], true, appleId(name));
  for (const name of releaseFeatured) artist(artists, name, ["Featuring"], false, appleId(name));
  if (s.takedown) return doc.end({ prettyPrint: true });

  const tracks = album.ele("tracks");
  for (const t of s.tracks) {
    const main = t.artistName || r.artistName;
    const track = tracks.ele("track");
    track.ele("vendor_id").txt(`${r.upc}_${t.isrc}`);
    track.ele("isrc").txt(t.isrc);
    // Apple's style: the version in parentheses after the title.
    track.ele("title").txt(titleWithVersion(t));
    track.ele("original_release_date").txt(r.originalReleaseDate ?? r.releaseDate);
    track.ele("genres").ele("genre", { code: appleGenre(r.genre) });
    track.ele("label_name").txt(r.rightsHolder);
    track.ele("copyright_pline").txt(`${pYear} ${r.rightsHolder}`);
    track.ele("explicit_content").txt(t.isExplicit ? "explicit" : "none");
    track.ele("volume_number").txt("1");
    track.ele("track_number").txt(String(t.position));
    if (r.language) track.ele("audio_language").txt(r.language);
    if (withFiles && t.audio) file(track.ele("audio_file"), t.audio.fileName, t.audio.md5, opts);
    const trackArtists = track.ele("artists");
    artist(trackArtists, main, ["Performer"], true, appleId(main));
    for (const name of t.featuredArtists.filter((n) => n !== main))
      artist(trackArtists, name, ["Featuring"], false, appleId(name));
    for (const name of t.remixers ?? []) artist(trackArtists, name, ["Remixer"], false, appleId(name));
    for (const person of creditsByPerson(t.contributors))
      artist(
        trackArtists,
        person.name,
        person.roles.map((role) => APPLE_ROLE[role]),
        false,
      );
    // During a pre-order each track says whether it is heard at once (Apple's instant gratification).
    if (preOrdering(s, opts))
      track.ele("preorder_type").txt(t.instantGrat && r.instantGratDate ? "instant-gratification" : "standard");
    product(track.ele("products"), s, opts, "track");
  }
  return doc.end({ prettyPrint: true });
}

function file(parent: XMLBuilder, name: string, md5: string, opts: ItunesOptions) {
  const bytes = opts.sizes[name];
  if (bytes === undefined) throw new Error(`The package has no file ${name}.`);
  parent.ele("file_name").txt(name);
  parent.ele("size").txt(String(bytes));
  parent.ele("checksum", { type: "md5" }).txt(md5);
}

/**
 * One artist credit. An artist Apple already knows is named by its Apple id as well (the profile's
 * Apple Music artist id, sent to stores that read it), so the release lands on that artist's page
 * instead of a new one with the same name (decision 031).
 */
function artist(parent: XMLBuilder, name: string, roles: string[], primary: boolean, appleId?: string | null) {
  const a = parent.ele("artist");
  a.ele("artist_name").txt(name);
  if (appleId) a.ele("apple_id").txt(appleId);
  const rolesEl = a.ele("roles");
  for (const role of roles) rolesEl.ele("role").txt(role);
  a.ele("primary").txt(String(primary));
}

/**
 * Worldwide availability: streaming from the release date, sales where the provider's price tiers
 * are configured; a takedown withdraws both. Dates are the release date (Apple's dates are local to
 * each storefront, as DDEX's zone-less date-times are).
 */
function product(parent: XMLBuilder, s: ErnSnapshot, opts: ItunesOptions, level: "album" | "track") {
  const p = parent.ele("product");
  p.ele("territory").txt("WW");
  if (s.takedown) {
    p.ele("cleared_for_sale").txt("false");
    p.ele("cleared_for_stream").txt("false");
    return;
  }
  const date = s.release.releaseDate;
  const tiers = s.downloads ? opts.priceTiers : undefined;
  // The pre-order opens on the album's product only (Apple refuses it on a track's).
  if (level === "album" && preOrdering(s, opts))
    p.ele("preorder_sales_start_date").txt(s.release.preOrderDate as string);
  if (tiers) {
    p.ele("wholesale_price_tier").txt(level === "album" ? tiers.album : tiers.track);
    p.ele("sales_start_date").txt(date);
  }
  p.ele("cleared_for_sale").txt(String(Boolean(tiers)));
  p.ele("cleared_for_stream").txt("true");
  p.ele("stream_start_date").txt(date);
}

/** A pre-order needs something to sell: a pre-order date, downloads, and the agreement's prices. */
function preOrdering(s: ErnSnapshot, opts: ItunesOptions): boolean {
  return Boolean(!s.takedown && s.release.preOrderDate && s.downloads && opts.priceTiers);
}

/**
 * Apple's published rules, as far as they are public, checked before a package leaves: metadata.xml
 * well-formed and complete, the vendor id the folder's name, every named file in the package with
 * the size and MD5 it is named with (and nothing in the package unnamed), track numbers 1..n, and the
 * Asset Guide's audio and artwork floors (16-bit 44.1 kHz stereo or better; a square JPEG or PNG of
 * at least 3000 pixels a side; the quality check has already refused CMYK artwork).
 */
export function checkItunesPackage(p: {
  folder: string;
  metadata: string;
  files: PackageFile[];
  snapshot: ErnSnapshot;
}): string[] {
  const errors: string[] = [];
  let tree: Record<string, unknown>;
  try {
    tree = create(p.metadata).end({ format: "object" }) as Record<string, unknown>;
  } catch {
    return ["metadata.xml is not well-formed XML."];
  }
  const pkg = tree.package as Record<string, unknown> | undefined;
  const album = pkg?.album as Record<string, unknown> | undefined;
  if (!pkg || !album) return ["metadata.xml has no package/album."];
  for (const required of ["provider", "language"]) if (!pkg[required]) errors.push(`package/${required} is missing.`);
  const vendorId = String(album.vendor_id ?? "");
  if (!VENDOR_ID.test(vendorId)) errors.push(`The vendor id "${vendorId}" may only hold letters, digits and _.`);
  if (p.folder !== packageFolder(vendorId)) errors.push(`The package folder must be named ${packageFolder(vendorId)}.`);
  for (const required of ["title", "original_release_date", "label_name", "genres", "copyright_pline", "products"])
    if (!album[required]) errors.push(`album/${required} is missing.`);

  // Every file named, with the size and checksum it is named with; nothing else in the package.
  const named = [
    ...p.metadata.matchAll(
      /<file_name>([^<]+)<\/file_name>\s*<size>(\d+)<\/size>\s*<checksum type="md5">([0-9a-f]{32})</g,
    ),
  ];
  const inPackage = new Map(p.files.map((f) => [f.name, f]));
  for (const [, name = "", size, md5] of named) {
    const f = inPackage.get(name);
    if (!f) errors.push(`${name} is named in metadata.xml but not in the package.`);
    else if (String(f.bytes) !== size || f.md5 !== md5)
      errors.push(`${name}'s size or checksum differs from what metadata.xml says.`);
  }
  for (const f of p.files)
    if (!named.some(([, name]) => name === f.name)) errors.push(`${f.name} is in the package but not in metadata.xml.`);

  if (!p.snapshot.takedown) {
    const list = (album.tracks as { track?: unknown } | undefined)?.track;
    const tracks = (Array.isArray(list) ? list : list ? [list] : []) as Record<string, unknown>[];
    if (String(album.track_count) !== String(tracks.length))
      errors.push("album/track_count is not the number of tracks.");
    tracks.forEach((t, i) => {
      if (String(t.track_number) !== String(i + 1))
        errors.push(`Track ${i + 1} is numbered ${String(t.track_number)}.`);
      for (const required of ["isrc", "title", "explicit_content", "artists", "products"])
        if (!t[required]) errors.push(`Track ${i + 1}: ${required} is missing.`);
    });
    if (p.snapshot.filesProvided) {
      for (const t of p.snapshot.tracks) {
        const a = t.audio;
        if (!a) errors.push(`Track ${t.position} has no audio file.`);
        else if (a.sampleRate < 44_100 || a.bitDepth < 16 || a.channels !== 2)
          errors.push(`Track ${t.position}'s audio must be stereo, 16-bit or more, 44.1 kHz or more.`);
      }
      const art = p.snapshot.artwork;
      if (!art) errors.push("The package has no artwork.");
      else if (art.width !== art.height || art.width < 3000 || !["jpeg", "png"].includes(art.format))
        errors.push("The artwork must be a square JPEG or PNG of at least 3000 × 3000 pixels.");
    }
  }
  return errors;
}
