// Reading a DDEX ERN 4.3 NewReleaseMessage (the XML another distributor sent the stores) into the
// releases it describes: the main release of the message, its tracks in order, their ISRCs, the UPC,
// and the files it names (matched to the workspace's uploads by file name). Parsed with xmlbuilder2,
// the XML library we already build our own ERN with.
import path from "node:path";
import { create } from "xmlbuilder2";
import { type DraftRelease, importFinding, knownLanguage, ROW_MESSAGES, releaseKey } from "#domain/catalogue-import";
import { dateIst } from "#domain/clock";
import type { Finding } from "#domain/quality";
import type { ReleaseType } from "#domain/release-types";
import { needsTransliteration } from "#domain/scripts";
import { child, children, textOf } from "#server/lib/xml-tree";

type Node = Record<string, unknown>;
/** The child at the end of a path of local names. */
const at = (node: unknown, ...names: string[]): unknown => names.reduce((n, name) => child(n, name), node);
const text = textOf;
const attr = (node: unknown, name: string) =>
  node && typeof node === "object" ? String((node as Node)[`@${name}`] ?? "") : "";
/** The default one of several localised elements (IsDefault="true"), else the first. */
const preferred = (nodes: unknown[]) => nodes.find((n) => attr(n, "IsDefault") === "true") ?? nodes[0];

/** A title's Latin form, when the message gives one (a DisplayTitle marked "…-Latn") beside a title in an Indian script. */
function latinTitleOf(node: unknown, title: string): string {
  if (!needsTransliteration(title)) return "";
  const latin = children(node, "DisplayTitle").find((d) => attr(d, "LanguageAndScriptCode").endsWith("-Latn"));
  return text(child(latin, "TitleText"));
}

/** Why a file is not a message we read. */
export class NotErn extends Error {}

/** The root element of an ERN 4.3 message, or an error saying what the file is not. */
export function parseErn(xml: string): unknown {
  // No document type: a DTD could define entities that expand without end. ERN messages have none.
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096))) throw new NotErn("notErn");
  let tree: unknown;
  try {
    tree = create(xml).end({ format: "object" });
  } catch {
    throw new NotErn("badXml");
  }
  const [rootName, root] = Object.entries((tree ?? {}) as Node)[0] ?? [];
  if (!rootName || !/(^|:)NewReleaseMessage$/.test(rootName)) throw new NotErn("notErn");
  const namespaces = Object.entries((root ?? {}) as Node)
    .filter(([k]) => k.startsWith("@xmlns"))
    .map(([, v]) => String(v));
  if (!namespaces.some((ns) => /^http:\/\/ddex\.net\/xml\/ern\/43\d?$/.test(ns))) throw new NotErn("notErn");
  return root;
}

/** A file the message names, as file names to match against uploads (the first found wins), or a link. */
export interface ErnFile {
  names: string[];
  url: string;
}

interface Recording {
  isrc: string;
  title: string;
  titleLatin: string;
  artist: string;
  explicit: boolean;
  language: string;
  file: ErnFile | null;
}

const fileOf = (uri: string): ErnFile | null =>
  uri ? { names: [path.posix.basename(uri)], url: /^https?:\/\//i.test(uri) ? uri : "" } : null;

/**
 * A cover the message does not name a file for (the official single names none) is looked for among
 * the uploads by the release's code: its UPC, or its first ISRC when it has none.
 */
export const coverNamesFor = (code: string) => (code ? ["jpg", "jpeg", "png"].map((ext) => `${code}.${ext}`) : []);

const RELEASE_TYPES: Record<string, ReleaseType> = {
  Album: "album",
  EP: "ep",
  Single: "single",
  SingleResourceRelease: "single",
};

/** The ISO date in a ValidityPeriod or date element ("2017-04-25" or "2017-04-25T00:00:00"). */
const isoDay = (value: string) => (/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : "");

/**
 * The releases of a message (its main release; track releases are part of it), with the files each
 * needs resolved by `resolve` (an upload of the workspace with that name, or the link).
 */
export function draftsFromErn(
  root: unknown,
  resolve: (file: ErnFile, kind: "audio" | "artwork") => { url: string; uploadId: string } | null,
  aiAnswer: "no",
  now = new Date(),
): DraftRelease[] {
  const parties = new Map<string, string>();
  for (const party of children(child(root, "PartyList"), "Party"))
    parties.set(text(child(party, "PartyReference")), text(at(preferred(children(party, "PartyName")), "FullName")));

  const resourceList = child(root, "ResourceList");
  const recordings = new Map<string, Recording>();
  for (const sr of children(resourceList, "SoundRecording")) {
    const edition = child(sr, "SoundRecordingEdition") ?? sr;
    const uri =
      text(at(edition, "TechnicalDetails", "DeliveryFile", "File", "URI")) ||
      text(at(edition, "TechnicalDetails", "File", "URI")) ||
      text(at(sr, "TechnicalDetails", "File", "URI"));
    const recordingTitle =
      text(child(sr, "DisplayTitleText")) || text(at(preferred(children(sr, "DisplayTitle")), "TitleText"));
    recordings.set(text(child(sr, "ResourceReference")), {
      isrc: text(at(edition, "ResourceId", "ISRC")) || text(at(sr, "ResourceId", "ISRC")),
      title: recordingTitle,
      titleLatin: latinTitleOf(sr, recordingTitle),
      artist: text(preferred(children(sr, "DisplayArtistName"))),
      explicit: text(child(sr, "ParentalWarningType")) === "Explicit",
      language: text(child(sr, "LanguageOfPerformance")).toLowerCase(),
      file: fileOf(uri),
    });
  }
  const cover = children(resourceList, "Image").find((img) => text(child(img, "Type")) === "FrontCoverImage");
  const namedCover = fileOf(text(at(cover, "TechnicalDetails", "File", "URI")));
  const videos = children(resourceList, "Video").length;

  // Deals name when the release was (or will be) available: the earliest start is its first release.
  const dealStarts = new Map<string, string[]>();
  for (const deal of children(child(root, "DealList"), "ReleaseDeal")) {
    const starts = children(deal, "Deal").flatMap((d) =>
      children(child(d, "DealTerms"), "ValidityPeriod").map((p) => isoDay(text(child(p, "StartDate")))),
    );
    for (const ref of children(deal, "DealReleaseReference"))
      dealStarts.set(text(ref), [...(dealStarts.get(text(ref)) ?? []), ...starts.filter(Boolean)]);
  }

  const releaseList = child(root, "ReleaseList");
  const drafts: DraftRelease[] = [];
  for (const [index, release] of children(releaseList, "Release").entries()) {
    const ref = text(child(release, "ReleaseReference"));
    const subject = `Release ${index + 1}`;
    const findings: Finding[] = [];
    const title =
      text(child(release, "DisplayTitleText")) || text(at(preferred(children(release, "DisplayTitle")), "TitleText"));
    const artist = text(preferred(children(release, "DisplayArtistName")));
    const icpn = text(at(release, "ReleaseId", "ICPN"));
    // A GTIN-14 with a leading zero is the EAN-13 after it.
    const upc = icpn.length === 14 && icpn.startsWith("0") ? icpn.slice(1) : icpn;
    const typeText = children(release, "ReleaseType").map(text);
    if (videos > 0 || typeText.some((t) => /Video/i.test(t)))
      findings.push(importFinding("blocking", "video", subject, ROW_MESSAGES.video));

    // Tracks: the resource group's items in sequence, nested groups (discs) in theirs.
    const refs: string[] = [];
    const walk = (group: unknown) => {
      const items = [
        ...children(group, "ResourceGroupContentItem").map((item) => ({
          seq: Number(text(child(item, "SequenceNumber"))) || 0,
          refs: [text(child(item, "ReleaseResourceReference"))],
          group: null as unknown,
        })),
        ...children(group, "ResourceGroup").map((g) => ({
          seq: Number(text(child(g, "SequenceNumber"))) || 0,
          refs: [] as string[],
          group: g as unknown,
        })),
      ].sort((a, b) => a.seq - b.seq);
      for (const item of items) {
        if (item.group) walk(item.group);
        else refs.push(...item.refs.filter((r) => recordings.has(r)));
      }
    };
    walk(child(release, "ResourceGroup"));
    const listed = refs.map((r) => recordings.get(r) as Recording);

    const tracks = listed.map((rec, i) => {
      const file = rec.file ? resolve(rec.file, "audio") : null;
      if (!file)
        findings.push(
          importFinding("blocking", "file", `Track ${i + 1} audio`, ROW_MESSAGES.file(rec.file?.names[0] ?? "")),
        );
      return {
        title: rec.title,
        titleLatin: rec.titleLatin,
        audioFileUrl: file?.url ?? "",
        audioUploadId: file?.uploadId ?? "",
        isrc: rec.isrc,
        isExplicit: rec.explicit,
        artistName: rec.artist && rec.artist !== artist ? rec.artist : "",
      };
    });
    const coverFile = namedCover ?? { names: coverNamesFor(upc || (listed[0]?.isrc ?? "")), url: "" };
    const artwork = resolve(coverFile, "artwork");
    if (!artwork)
      findings.push(importFinding("blocking", "file", "Artwork", ROW_MESSAGES.file(coverFile.names[0] ?? "")));

    const today = dateIst(now);
    const first = [
      ...(dealStarts.get(ref) ?? []),
      isoDay(text(child(release, "OriginalReleaseDate"))),
      isoDay(text(child(release, "ReleaseDate"))),
    ]
      .filter(Boolean)
      .sort()[0];
    if (!first) findings.push(importFinding("warning", "original_date", subject, ROW_MESSAGES.noOriginalDate));
    const future = first && first > today;
    const releaseType =
      typeText.map((t) => RELEASE_TYPES[t]).find(Boolean) ??
      (tracks.length > 6 ? "album" : tracks.length > 3 ? "ep" : "single");
    const language = knownLanguage(listed[0]?.language ?? "", subject, findings);
    drafts.push({
      key: releaseKey({ upc, title, artist, releaseDate: first ?? "" }),
      firstLine: index + 1,
      findings,
      input: {
        title,
        titleLatin: latinTitleOf(release, title),
        artistName: artist,
        releaseType,
        releaseDate: future ? first : today,
        originalReleaseDate: future ? "" : (first ?? ""),
        genre: text(at(release, "Genre", "GenreText")).slice(0, 60),
        language,
        labelName: parties.get(text(child(release, "ReleaseLabelReference"))) ?? "",
        upcEan: upc,
        isExplicit: text(child(release, "ParentalWarningType")) === "Explicit" || tracks.some((t) => t.isExplicit),
        aiUsed: aiAnswer,
        audioFileUrl: tracks[0]?.audioFileUrl ?? "",
        audioUploadId: tracks[0]?.audioUploadId ?? "",
        coverArtUrl: artwork?.url ?? "",
        coverArtUploadId: artwork?.uploadId ?? "",
        tracks,
      },
    });
  }
  return drafts;
}

/** The file names a message needs, to look them up among the workspace's uploads at once. */
export function ernFileNames(root: unknown): string[] {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === "URI" || key.endsWith(":URI"))
        for (const v of Array.isArray(value) ? value : [value]) names.add(path.posix.basename(text(v)));
      else if (typeof value === "object") for (const v of Array.isArray(value) ? value : [value]) visit(v);
    }
  };
  visit(child(root, "ResourceList"));
  for (const release of children(child(root, "ReleaseList"), "Release")) {
    const icpn = text(at(release, "ReleaseId", "ICPN"));
    for (const name of coverNamesFor(icpn.length === 14 && icpn.startsWith("0") ? icpn.slice(1) : icpn))
      names.add(name);
  }
  for (const sr of children(child(root, "ResourceList"), "SoundRecording")) {
    const edition = child(sr, "SoundRecordingEdition") ?? sr;
    for (const name of coverNamesFor(text(at(edition, "ResourceId", "ISRC")))) names.add(name);
  }
  names.delete("");
  return [...names];
}
