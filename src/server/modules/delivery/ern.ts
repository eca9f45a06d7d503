import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import type { ReleaseType } from "#domain/releases";
import { isoDuration } from "#domain/tracks";

/** Everything one NewReleaseMessage says: a full-state snapshot of a release for one store. */
export interface ErnSnapshot {
  messageId: string;
  /** Strictly increasing per release and store, so a store applies messages in order. */
  createdAt: Date;
  sender: { dpid: string; name: string };
  recipient: { dpid: string; name: string };
  release: {
    /** The release's own id in our system, used to build proprietary ids. */
    id: string;
    upc: string;
    title: string;
    artistName: string;
    type: ReleaseType;
    releaseDate: string;
    genre: string | null;
    isExplicit: boolean;
    /** The rights holder named in the (P) and (C) lines: the label or the artist. */
    rightsHolder: string;
  };
  tracks: ErnTrack[];
  artwork: { fileName: string; md5: string; width: number; height: number; format: string } | null;
  /** Takedown: the release is resent with no deals. */
  takedown: boolean;
  /** Permanent downloads offered besides streaming. */
  downloads: boolean;
}

export interface ErnTrack {
  position: number;
  isrc: string;
  title: string;
  featuredArtists: string[];
  isExplicit: boolean;
  durationSeconds: number;
  audio: {
    fileName: string;
    md5: string;
    codec: "WAV" | "FLAC";
    channels: number;
    sampleRate: number;
    bitDepth: number;
  } | null;
}

const ERN_NS = "http://ddex.net/xml/ern/43";
const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";
const WORLDWIDE = { ApplicableTerritoryCode: "Worldwide" };

const RELEASE_TYPE: Record<ReleaseType, string> = { single: "Single", ep: "EP", album: "Album", compilation: "Album" };

/** A DDEX reference: a letter and a token of letters, digits, - and _ (the schema's pattern). */
function partyRef(name: string): string {
  const token = name.replace(/[^A-Za-z0-9]/g, "").slice(0, 40);
  return `P${token || "Artist"}`;
}

function parental(explicit: boolean): string {
  return explicit ? "Explicit" : "NotExplicit";
}

/** The track title stores display: featured artists appended as "(feat. A & B)". */
export function displayTrackTitle(track: Pick<ErnTrack, "title" | "featuredArtists">): string {
  if (!track.featuredArtists.length || /\(feat\. /.test(track.title)) return track.title;
  return `${track.title} (feat. ${track.featuredArtists.join(" & ")})`;
}

/**
 * Builds an ERN 4.3 NewReleaseMessage with an XML builder (escaping and namespaces handled by the
 * library). The element order follows the schema's sequences; tests validate every release shape
 * against the official XSD.
 */
export function buildNewReleaseMessage(s: ErnSnapshot): string {
  const year = s.release.releaseDate.slice(0, 4);
  const mainRef = partyRef(s.release.artistName);
  const featuredRefs = new Map<string, string>();
  for (const track of s.tracks) {
    for (const name of track.featuredArtists) {
      if (!featuredRefs.has(name) && name !== s.release.artistName) {
        featuredRefs.set(name, `${partyRef(name)}F${featuredRefs.size + 1}`);
      }
    }
  }
  const labelRef = "PLabel";

  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const root = doc.ele(ERN_NS, "ern:NewReleaseMessage", {
    "xmlns:xsi": XSI_NS,
    "xsi:schemaLocation": `${ERN_NS} ${ERN_NS}/release-notification.xsd`,
    ReleaseProfileVersionId: "Audio",
    LanguageAndScriptCode: "en",
    AvsVersionId: "3",
  });

  const header = root.ele("MessageHeader");
  header.ele("MessageThreadId").txt(s.release.id);
  header.ele("MessageId").txt(s.messageId);
  const sender = header.ele("MessageSender");
  sender.ele("PartyId").txt(s.sender.dpid);
  sender.ele("PartyName").ele("FullName").txt(s.sender.name);
  const recipient = header.ele("MessageRecipient");
  recipient.ele("PartyId").txt(s.recipient.dpid);
  recipient.ele("PartyName").ele("FullName").txt(s.recipient.name);
  header.ele("MessageCreatedDateTime").txt(s.createdAt.toISOString());
  header.ele("MessageControlType").txt("LiveMessage");

  const parties = root.ele("PartyList");
  const party = (ref: string, name: string) => {
    const p = parties.ele("Party");
    p.ele("PartyReference").txt(ref);
    p.ele("PartyName").ele("FullName").txt(name);
  };
  party(mainRef, s.release.artistName);
  for (const [name, ref] of featuredRefs) party(ref, name);
  party(labelRef, s.release.rightsHolder);

  const resources = root.ele("ResourceList");
  for (const track of s.tracks) {
    const sr = resources.ele("SoundRecording");
    sr.ele("ResourceReference").txt(`A${track.position}`);
    sr.ele("Type").txt("MusicalWorkSoundRecording");
    const edition = sr.ele("SoundRecordingEdition");
    edition.ele("ResourceId").ele("ISRC").txt(track.isrc);
    const pline = edition.ele("PLine");
    pline.ele("Year").txt(year);
    pline.ele("PLineText").txt(`(P) ${year} ${s.release.rightsHolder}`);
    if (track.audio) {
      const tech = edition.ele("TechnicalDetails");
      tech.ele("TechnicalResourceDetailsReference").txt(`T${track.position}`);
      const file = tech.ele("DeliveryFile");
      file.ele("Type").txt("AudioFile");
      file.ele("AudioCodecType").txt(track.audio.codec === "FLAC" ? "FLAC" : "PCM");
      file.ele("NumberOfChannels").txt(String(track.audio.channels));
      file.ele("SamplingRate", { UnitOfMeasure: "kHz" }).txt(String(track.audio.sampleRate / 1000));
      file.ele("BitsPerSample").txt(String(track.audio.bitDepth));
      addFile(file, `resources/${track.audio.fileName}`, track.audio.md5);
    }
    const title = displayTrackTitle(track);
    sr.ele("DisplayTitleText").txt(title);
    sr.ele("DisplayTitle", WORLDWIDE).ele("TitleText").txt(title);
    sr.ele("DisplayArtistName", WORLDWIDE).txt(s.release.artistName);
    displayArtist(sr, 1, mainRef, "MainArtist");
    track.featuredArtists.forEach((name, i) => {
      const ref = featuredRefs.get(name);
      if (ref) displayArtist(sr, i + 2, ref, "FeaturedArtist");
    });
    sr.ele("Duration").txt(isoDuration(track.durationSeconds));
    sr.ele("ParentalWarningType").txt(parental(track.isExplicit));
  }
  if (s.artwork) {
    const image = resources.ele("Image");
    image.ele("ResourceReference").txt(`A${s.tracks.length + 1}`);
    image.ele("Type").txt("FrontCoverImage");
    image.ele("ResourceId").ele("ProprietaryId", { Namespace: s.sender.dpid }).txt(`${s.release.upc}_cover`);
    image.ele("ParentalWarningType").txt(parental(s.release.isExplicit));
    const tech = image.ele("TechnicalDetails");
    tech.ele("TechnicalResourceDetailsReference").txt(`T${s.tracks.length + 1}`);
    tech.ele("ImageCodecType").txt(s.artwork.format === "png" ? "PNG" : "JPEG");
    tech.ele("ImageHeight", { UnitOfMeasure: "Pixel" }).txt(String(s.artwork.height));
    tech.ele("ImageWidth", { UnitOfMeasure: "Pixel" }).txt(String(s.artwork.width));
    addFile(tech, `resources/${s.artwork.fileName}`, s.artwork.md5);
  }

  const releaseList = root.ele("ReleaseList");
  const release = releaseList.ele("Release");
  release.ele("ReleaseReference").txt("R0");
  release.ele("ReleaseType").txt(RELEASE_TYPE[s.release.type]);
  release.ele("ReleaseId").ele("ICPN").txt(s.release.upc);
  release.ele("DisplayTitleText").txt(s.release.title);
  release.ele("DisplayTitle", WORLDWIDE).ele("TitleText").txt(s.release.title);
  release.ele("DisplayArtistName", WORLDWIDE).txt(s.release.artistName);
  displayArtist(release, 1, mainRef, "MainArtist");
  release.ele("ReleaseLabelReference", WORLDWIDE).txt(labelRef);
  const pline = release.ele("PLine");
  pline.ele("Year").txt(year);
  pline.ele("PLineText").txt(`(P) ${year} ${s.release.rightsHolder}`);
  const cline = release.ele("CLine");
  cline.ele("Year").txt(year);
  cline.ele("CLineText").txt(`(C) ${year} ${s.release.rightsHolder}`);
  const total = s.tracks.reduce((sum, t) => sum + t.durationSeconds, 0);
  release.ele("Duration").txt(isoDuration(total));
  release
    .ele("Genre", WORLDWIDE)
    .ele("GenreText")
    .txt(s.release.genre || "Unclassifiable");
  release.ele("ReleaseDate", WORLDWIDE).txt(s.release.releaseDate);
  release.ele("ParentalWarningType").txt(parental(s.release.isExplicit));
  if (s.release.type === "compilation") release.ele("IsMultiArtistCompilation").txt("true");
  const group = release.ele("ResourceGroup");
  group.ele("SequenceNumber").txt("1");
  for (const track of s.tracks) {
    const item = group.ele("ResourceGroupContentItem");
    item.ele("SequenceNumber").txt(String(track.position));
    item.ele("ReleaseResourceReference").txt(`A${track.position}`);
  }
  if (s.artwork) group.ele("LinkedReleaseResourceReference").txt(`A${s.tracks.length + 1}`);

  for (const track of s.tracks) {
    const tr = releaseList.ele("TrackRelease");
    tr.ele("ReleaseReference").txt(`R${track.position}`);
    tr.ele("ReleaseId").ele("ProprietaryId", { Namespace: s.sender.dpid }).txt(`${s.release.upc}_${track.isrc}`);
    tr.ele("DisplayTitleText").txt(displayTrackTitle(track));
    tr.ele("ReleaseResourceReference").txt(`A${track.position}`);
    tr.ele("ReleaseLabelReference", WORLDWIDE).txt(labelRef);
    tr.ele("Genre", WORLDWIDE)
      .ele("GenreText")
      .txt(s.release.genre || "Unclassifiable");
  }

  if (!s.takedown) {
    const deals = root.ele("DealList");
    const releaseRefs = ["R0", ...s.tracks.map((t) => `R${t.position}`)];
    const releaseDeal = deals.ele("ReleaseDeal");
    for (const ref of releaseRefs) releaseDeal.ele("DealReleaseReference").txt(ref);
    const deal = (model: string, uses: string[]) => {
      const terms = releaseDeal.ele("Deal").ele("DealTerms");
      terms.ele("TerritoryCode").txt("Worldwide");
      terms.ele("ValidityPeriod").ele("StartDate").txt(s.release.releaseDate);
      terms.ele("CommercialModelType").txt(model);
      for (const use of uses) terms.ele("UseType").txt(use);
    };
    deal("SubscriptionModel", ["OnDemandStream", "NonInteractiveStream", "ConditionalDownload"]);
    deal("AdvertisementSupportedModel", ["OnDemandStream", "NonInteractiveStream"]);
    if (s.downloads) deal("PayAsYouGoModel", ["PermanentDownload"]);
  }

  return doc.end({ prettyPrint: true });
}

function displayArtist(parent: XMLBuilder, sequence: number, ref: string, role: string) {
  const artist = parent.ele("DisplayArtist", { SequenceNumber: String(sequence) });
  artist.ele("ArtistPartyReference").txt(ref);
  artist.ele("DisplayArtistRole").txt(role);
}

function addFile(parent: XMLBuilder, uri: string, md5: string) {
  const file = parent.ele("File");
  file.ele("URI").txt(uri);
  const hash = file.ele("HashSum");
  hash.ele("Algorithm").txt("MD5");
  hash.ele("HashSumValue").txt(md5);
}
