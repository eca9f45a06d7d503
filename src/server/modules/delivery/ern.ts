import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import {
  type AiLevel,
  combinedAiLevel,
  contributorAiLevel,
  DDEX_AI_LEVEL,
  releaseAiLevel,
  type TrackAi,
  trackAiLevel,
} from "#domain/ai-disclosure";
import {
  artistCredit,
  type Contributor,
  creditsByPerson,
  DDEX_CONTRIBUTOR_ROLE,
  DDEX_REMIXER_ROLE,
} from "#domain/credits";
import { isExplicitRelease, type ReleaseTiming, type ReleaseType, releaseMoment } from "#domain/releases";
import { indicScriptOf } from "#domain/scripts";
import { isoDuration, titleWithVersion } from "#domain/tracks";

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
    /** The title in Latin letters when it is in an Indian script (issue 39); null: none. */
    titleLatin?: string | null;
    artistName: string;
    type: ReleaseType;
    releaseDate: string;
    /** When music released before first came out (a re-release); null for new music. */
    originalReleaseDate: string | null;
    /** Midnight in each territory ("local") or one moment everywhere, India's midnight ("global"). */
    releaseTiming: ReleaseTiming;
    /** Pre-orders open on this date (sold as downloads before the release date); null: none. */
    preOrderDate: string | null;
    /** Instant-grat tracks are available from this date, during the pre-order; null: none. */
    instantGratDate: string | null;
    /** How much of the artwork AI made; null: not declared (4.3.2 then says nothing). */
    artworkAi: AiLevel | null;
    genre: string | null;
    /** The language sung (IETF code) or null when the artist did not say. */
    language: string | null;
    /** What the artist ticked; an explicit track makes the release explicit anyway. */
    isExplicit: boolean;
    /** The rights holder named in the (P) and (C) lines: the label or the artist. */
    rightsHolder: string;
    /**
     * The workspace's profiles this release credits (issue 35), matched to the credited names: our id
     * for every store, and the store's own ids (Spotify's URI and the artist's protection key) only in
     * the snapshot for the store that reads them.
     */
    artists?: ErnArtistIds[];
  };
  tracks: ErnTrack[];
  artwork: { fileName: string; md5: string; width: number; height: number; format: string } | null;
  /**
   * Takedown: the release is resent with no files and its deals ended at the message's moment, or
   * with no deals at all when it was not yet out anywhere (the default rule; Spotify, for one, does
   * not take a PurgeReleaseMessage as a takedown).
   */
  takedown: boolean;
  /** Whether the batch carries the audio and cover files (a new release) or metadata only (an update or takedown). */
  filesProvided: boolean;
  /** Permanent downloads offered besides streaming. */
  downloads: boolean;
  /** The ERN version the store takes; 4.3 when unset. */
  version?: ErnVersion;
}

export interface ErnTrack {
  position: number;
  isrc: string;
  title: string;
  /** The title in Latin letters when it is in an Indian script (issue 39); null: none. */
  titleLatin?: string | null;
  /** What makes the recording a version ("Remix", "Live"); null: the original. */
  version: string | null;
  /** The version in Latin letters, when it is written in an Indian script. */
  versionLatin?: string | null;
  /** The language sung on this track when not the release's; "zxx": instrumental; null or absent: the release's. */
  language?: string | null;
  /** The track's own main artist (a compilation's); null: the release's artist. */
  artistName: string | null;
  /** Available from the release's instant-grat date, during the pre-order. */
  instantGrat: boolean;
  /** The artist's AI declaration by area; null: not declared (4.3.2 then says nothing). */
  ai: TrackAi | null;
  featuredArtists: string[];
  /** Who remixed the recording: DDEX credits a remixer as a Contributor (not a display artist in ERN 4.3). */
  remixers?: string[];
  /** Composers, lyricists, producers: DDEX Contributors (what collecting societies such as IPRS need). */
  contributors: Contributor[];
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

/** The ERN versions we build: 4.3, and 4.3.2 (which adds AI disclosure and reshapes a few elements). */
export const ERN_NAMESPACE = {
  "4.3": "http://ddex.net/xml/ern/43",
  "4.3.2": "http://ddex.net/xml/ern/432",
} as const;
export type ErnVersion = keyof typeof ERN_NAMESPACE;
/**
 * The allowed-value sets the message's values come from: the version our schema folder holds
 * (`allowed-value-sets.xsd`), which a test reads back. The official samples, written earlier, say
 * 3; a message must declare the version whose values it uses.
 */
export const AVS_VERSION = "9";
const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";
const WORLDWIDE = { ApplicableTerritoryCode: "Worldwide" };

/**
 * A title in an Indian script travels in both forms (issue 39): after the default DisplayTitle (as
 * written), the same title marked with its language and script (e.g. hi-Deva), and its Latin form
 * (hi-Latn) for the stores that show or search Latin letters. "und" stands for a language not given.
 * A version in an Indian script does the same, beside a title in either script.
 */
function addLatinTitle(
  parent: XMLBuilder,
  title: { text: string; latin?: string | null },
  version: { text: string | null; latin?: string | null },
  language: string | null,
) {
  const script = indicScriptOf(title.text) ?? (version.text ? indicScriptOf(version.text) : null);
  const titleLatin = indicScriptOf(title.text) ? title.latin : title.text;
  const versionLatin = version.text && indicScriptOf(version.text) ? version.latin : version.text;
  if (!script || !titleLatin || (version.text && !versionLatin)) return;
  const lang = language && /^[a-z]{2,3}$/.test(language) ? language : "und";
  const native = parent.ele("DisplayTitle", { ...WORLDWIDE, LanguageAndScriptCode: `${lang}-${script}` });
  native.ele("TitleText").txt(title.text);
  if (version.text) native.ele("SubTitle", { SubTitleType: "Version" }).txt(version.text);
  const inLatin = parent.ele("DisplayTitle", { ...WORLDWIDE, LanguageAndScriptCode: `${lang}-Latn` });
  inLatin.ele("TitleText").txt(titleLatin);
  if (versionLatin) inLatin.ele("SubTitle", { SubTitleType: "Version" }).txt(versionLatin);
}

const RELEASE_TYPE: Record<Exclude<ReleaseType, "compilation">, string> = {
  single: "Single",
  ep: "EP",
  album: "Album",
};

/**
 * ERN 4.3 has no "Compilation" release type: stores that take compilations (Spotify first) ask for
 * the user-defined value "Compilation", in the recipient's namespace, with IsMultiArtistCompilation.
 */
export const COMPILATION_RELEASE_TYPE = "Compilation";

/**
 * The message's parties, each with a reference unique by construction: people (artists, composers,
 * lyricists, producers) are PA1, PA2... and the label PL1, whatever their names (an artist called
 * "Label" once got the label's own reference, a duplicate xs:ID). One party per name, however many
 * tracks and roles it has: an artist who also wrote the song is one party.
 */
class PartyList {
  readonly persons = new Map<string, string>();
  readonly label: { ref: string; name: string };
  constructor(labelName: string) {
    this.label = { ref: "PL1", name: labelName };
  }
  person(name: string): string {
    let ref = this.persons.get(name);
    if (!ref) {
      ref = `PA${this.persons.size + 1}`;
      this.persons.set(name, ref);
    }
    return ref;
  }
}

function parental(explicit: boolean): string {
  return explicit ? "Explicit" : "NotExplicit";
}

/** The price tier of a permanent download, as a code the store maps to its own price list. */
const DOWNLOAD_PRICE_CODE: Record<ReleaseType | "track", string> = {
  track: "TRACK",
  single: "SINGLE",
  ep: "EP",
  album: "ALBUM",
  compilation: "ALBUM",
};

/**
 * Builds an ERN 4.3 NewReleaseMessage with an XML builder (escaping and namespaces handled by the
 * library). The element order follows the schema's sequences; tests validate every release shape
 * against the official XSD.
 */
/** A credited profile's ids as one store may see them. */
export interface ErnArtistIds {
  id: string;
  name: string;
  /** The name in Latin letters when it is in an Indian script (issue 39): FullNameAsciiTranscribed. */
  nameLatin?: string | null;
  spotifyArtistUri: string | null;
  appleMusicArtistId: string | null;
  appKey: string | null;
}

/** The profile a credited name stands for: names equal but for case are one artist. */
export function artistIdsByName(artists: readonly ErnArtistIds[] | undefined) {
  const byName = new Map((artists ?? []).map((a) => [a.name.trim().toLowerCase(), a]));
  return (name: string) => byName.get(name.trim().toLowerCase());
}

export function buildNewReleaseMessage(s: ErnSnapshot): string {
  const year = s.release.releaseDate.slice(0, 4);
  // The (P) line dates the recording: a re-release keeps the year it first came out.
  const pYear = (s.release.originalReleaseDate ?? s.release.releaseDate).slice(0, 4);
  const explicit = isExplicitRelease(s.release, s.tracks);
  // A single's one track is the release: its featured artists are the release's too.
  const releaseFeatured =
    s.tracks.length === 1 ? (s.tracks[0]?.featuredArtists ?? []).filter((n) => n !== s.release.artistName) : [];
  const partyList = new PartyList(s.release.rightsHolder);
  const compilation = s.release.type === "compilation";
  const mainOf = (track: ErnTrack) => track.artistName || s.release.artistName;
  // A compilation's artists are its tracks' ("Various Artists" is how stores show the release,
  // never a party); any other release is its main artist's.
  const releaseArtists = compilation ? [...new Set(s.tracks.map(mainOf))] : [s.release.artistName];
  for (const name of releaseArtists) partyList.person(name);
  for (const track of s.tracks) {
    partyList.person(mainOf(track));
    for (const name of track.featuredArtists) partyList.person(name);
    for (const c of track.contributors) partyList.person(c.name);
    for (const name of track.remixers ?? []) partyList.person(name);
  }
  const labelRef = partyList.label.ref;

  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const version = s.version ?? "4.3";
  const ns = ERN_NAMESPACE[version];
  const v432 = version === "4.3.2";
  const root = doc.ele(ns, "ern:NewReleaseMessage", {
    "xmlns:xsi": XSI_NS,
    "xsi:schemaLocation": `${ns} ${ns}/release-notification.xsd`,
    ReleaseProfileVersionId: "Audio",
    LanguageAndScriptCode: "en",
    AvsVersionId: AVS_VERSION,
  });

  messageHeader(root, s);

  const parties = root.ele("PartyList");
  const idsOf = artistIdsByName(s.release.artists);
  const party = (ref: string, name: string, isLabel = false) => {
    const p = parties.ele("Party");
    p.ele("PartyReference").txt(ref);
    // A credited profile's ids (decision 031): ours under our DPID, the store's own under the store's.
    const ids = isLabel ? undefined : idsOf(name);
    const partyName = p.ele("PartyName");
    partyName.ele("FullName").txt(name);
    // A name in an Indian script goes as written, with its Latin form beside it (issue 39).
    if (ids?.nameLatin) partyName.ele("FullNameAsciiTranscribed").txt(ids.nameLatin);
    if (ids) {
      const partyId = p.ele("PartyId");
      partyId.ele("ProprietaryId", { Namespace: s.sender.dpid }).txt(`KALRAV:ARTIST:${ids.id}`);
      if (ids.spotifyArtistUri) partyId.ele("ProprietaryId", { Namespace: s.recipient.dpid }).txt(ids.spotifyArtistUri);
      if (ids.appKey) {
        partyId.ele("ProprietaryId", { Namespace: `${s.recipient.dpid}:ArtistProfileProtectionKey` }).txt(ids.appKey);
      }
    }
  };
  for (const [name, ref] of partyList.persons) party(ref, name);
  party(labelRef, partyList.label.name, true);

  const resources = root.ele("ResourceList");
  for (const track of s.tracks) {
    const sr = resources.ele("SoundRecording");
    sr.ele("ResourceReference").txt(`A${track.position}`);
    sr.ele("Type").txt("MusicalWorkSoundRecording");
    const edition = sr.ele("SoundRecordingEdition");
    edition.ele("ResourceId").ele("ISRC").txt(track.isrc);
    const pline = edition.ele("PLine");
    pline.ele("Year").txt(pYear);
    pline.ele("PLineText").txt(`(P) ${pYear} ${s.release.rightsHolder}`);
    if (track.audio) {
      const tech = edition.ele("TechnicalDetails");
      tech.ele("TechnicalResourceDetailsReference").txt(`T${track.position}`);
      const file = tech.ele("DeliveryFile");
      file.ele("Type").txt("AudioFile");
      file.ele("AudioCodecType").txt(track.audio.codec === "FLAC" ? "FLAC" : "PCM");
      file.ele("NumberOfChannels").txt(String(track.audio.channels));
      file.ele("SamplingRate", { UnitOfMeasure: "kHz" }).txt(String(track.audio.sampleRate / 1000));
      file.ele("BitsPerSample").txt(String(track.audio.bitDepth));
      addFile(file, `resources/${track.audio.fileName}`, track.audio.md5, s.filesProvided && !s.takedown);
    }
    // The title as the artist wrote it; featured artists are display artists with their role,
    // never "(feat. X)" typed into the title.
    // A version is its own SubTitle, never typed into the title (Apple's and Spotify's style rules);
    // the display text stores show reads "Title (Version)".
    sr.ele("DisplayTitleText").txt(titleWithVersion(track));
    const displayTitle = sr.ele("DisplayTitle", WORLDWIDE);
    displayTitle.ele("TitleText").txt(track.title);
    if (track.version) displayTitle.ele("SubTitle", { SubTitleType: "Version" }).txt(track.version);
    addLatinTitle(
      sr,
      { text: track.title, latin: track.titleLatin },
      { text: track.version, latin: track.versionLatin },
      s.release.language,
    );
    // The artist line a store shows names the featured artists too ("Asha feat. Ravi").
    const main = mainOf(track);
    sr.ele("DisplayArtistName", WORLDWIDE).txt(artistCredit(main, track.featuredArtists));
    displayArtist(sr, 1, partyList.person(main), "MainArtist");
    const featured = track.featuredArtists.filter((name) => name !== main);
    featured.forEach((name, i) => {
      displayArtist(sr, i + 2, partyList.person(name), "FeaturedArtist");
    });
    // One Contributor per person with all their roles (DDEX rule 1030-1), remixers among them.
    contributorsOf(track).forEach((person, i) => {
      const contributor = sr.ele("Contributor", { SequenceNumber: String(i + 1) });
      contributor.ele("ContributorPartyReference").txt(partyList.person(person.name));
      // 4.3.2 wraps the role in Value, beside the instrument it was played on.
      for (const role of person.roles)
        (v432 ? contributor.ele("Role").ele("Value") : contributor.ele("Role")).txt(role);
      // 4.3.2: how much AI did what this person is credited for (their roles' areas, combined).
      if (v432 && track.ai) {
        const ai = track.ai;
        contributor
          .ele("AiContribution")
          .txt(DDEX_AI_LEVEL[combinedAiLevel(person.areas.map((r) => contributorAiLevel(r, ai)))]);
      }
    });
    sr.ele("Duration").txt(isoDuration(track.durationSeconds));
    sr.ele("ParentalWarningType").txt(parental(track.isExplicit));
    if (v432 && track.ai) sr.ele("ContainsAI").txt(DDEX_AI_LEVEL[trackAiLevel(track.ai)]);
    const language = track.language || s.release.language;
    if (language === "zxx") sr.ele("IsInstrumental").txt("true");
    else if (language) sr.ele("LanguageOfPerformance").txt(language);
  }
  if (s.artwork) {
    const image = resources.ele("Image");
    image.ele("ResourceReference").txt(`A${s.tracks.length + 1}`);
    image.ele("Type").txt("FrontCoverImage");
    image.ele("ResourceId").ele("ProprietaryId", { Namespace: s.sender.dpid }).txt(`${s.release.upc}_cover`);
    // The cover is not explicit because the music is: an explicit album's cover is marked by its own review.
    image.ele("ParentalWarningType").txt("NotExplicit");
    if (v432 && s.release.artworkAi) image.ele("ContainsAI").txt(DDEX_AI_LEVEL[s.release.artworkAi]);
    const tech = image.ele("TechnicalDetails");
    tech.ele("TechnicalResourceDetailsReference").txt(`T${s.tracks.length + 1}`);
    tech.ele("ImageCodecType").txt(s.artwork.format === "png" ? "PNG" : "JPEG");
    tech.ele("ImageHeight", { UnitOfMeasure: "Pixel" }).txt(String(s.artwork.height));
    tech.ele("ImageWidth", { UnitOfMeasure: "Pixel" }).txt(String(s.artwork.width));
    addFile(tech, `resources/${s.artwork.fileName}`, s.artwork.md5, s.filesProvided && !s.takedown);
  }

  const releaseList = root.ele("ReleaseList");
  const release = releaseList.ele("Release");
  release.ele("ReleaseReference").txt("R0");
  if (s.release.type === "compilation")
    release
      .ele("ReleaseType", { Namespace: s.recipient.dpid, UserDefinedValue: COMPILATION_RELEASE_TYPE })
      .txt("UserDefined");
  else release.ele("ReleaseType").txt(RELEASE_TYPE[s.release.type]);
  release.ele("ReleaseId").ele("ICPN").txt(s.release.upc);
  release.ele("DisplayTitleText").txt(s.release.title);
  release.ele("DisplayTitle", WORLDWIDE).ele("TitleText").txt(s.release.title);
  addLatinTitle(release, { text: s.release.title, latin: s.release.titleLatin }, { text: null }, s.release.language);
  release.ele("DisplayArtistName", WORLDWIDE).txt(artistCredit(s.release.artistName, releaseFeatured));
  releaseArtists.forEach((name, i) => {
    displayArtist(release, i + 1, partyList.person(name), "MainArtist");
  });
  releaseFeatured.forEach((name, i) => {
    displayArtist(release, releaseArtists.length + i + 1, partyList.person(name), "FeaturedArtist");
  });
  release.ele("ReleaseLabelReference", WORLDWIDE).txt(labelRef);
  const pline = release.ele("PLine");
  pline.ele("Year").txt(pYear);
  pline.ele("PLineText").txt(`(P) ${pYear} ${s.release.rightsHolder}`);
  const cline = release.ele("CLine");
  cline.ele("Year").txt(year);
  cline.ele("CLineText").txt(`(C) ${year} ${s.release.rightsHolder}`);
  const total = s.tracks.reduce((sum, t) => sum + t.durationSeconds, 0);
  release.ele("Duration").txt(isoDuration(total));
  release
    .ele(v432 ? "DisplayGenre" : "Genre", WORLDWIDE)
    .ele("GenreText")
    .txt(s.release.genre || "Unclassifiable");
  release.ele("ReleaseDate", WORLDWIDE).txt(s.release.releaseDate);
  if (s.release.originalReleaseDate) release.ele("OriginalReleaseDate", WORLDWIDE).txt(s.release.originalReleaseDate);
  release.ele("ParentalWarningType").txt(parental(explicit));
  if (s.release.type === "compilation") release.ele("IsMultiArtistCompilation").txt("true");
  const group = release.ele("ResourceGroup");
  group.ele("SequenceNumber").txt("1");
  for (const track of s.tracks) {
    const item = group.ele("ResourceGroupContentItem");
    item.ele("SequenceNumber").txt(String(track.position));
    item.ele("ReleaseResourceReference").txt(`A${track.position}`);
  }
  if (s.artwork) group.ele("LinkedReleaseResourceReference").txt(`A${s.tracks.length + 1}`);
  // The release as a whole, once every track and the artwork are declared (never a guess).
  const releaseAi = releaseAiLevel(s.tracks, s.artwork ? s.release.artworkAi : "none");
  if (v432 && releaseAi) release.ele("ContainsAI").txt(DDEX_AI_LEVEL[releaseAi]);

  for (const track of s.tracks) {
    const tr = releaseList.ele("TrackRelease");
    tr.ele("ReleaseReference").txt(`R${track.position}`);
    tr.ele("ReleaseId").ele("ProprietaryId", { Namespace: s.sender.dpid }).txt(`${s.release.upc}_${track.isrc}`);
    // No title of its own: DDEX rule 1049-2 wants one only where it differs from the recording's.
    tr.ele("ReleaseResourceReference").txt(`A${track.position}`);
    tr.ele("ReleaseLabelReference", WORLDWIDE).txt(labelRef);
    tr.ele(v432 ? "DisplayGenre" : "Genre", WORLDWIDE)
      .ele("GenreText")
      .txt(s.release.genre || "Unclassifiable");
  }

  // Streaming and download deals on each track; the album (R0) is sold as a download only, as in
  // DDEX's own samples. Availability starts at the release's moment: local midnight of the release
  // date in each territory (a date-time without a zone, as DDEX reads it) or India's midnight for
  // everyone. A takedown ends the deals at the moment it is sent; one sent before the release was out
  // anywhere carries no deal at all, because a deal that starts and ends grants availability in
  // between (DDEX periods include both ends). Pre-orders and instant grat are dropped from takedowns.
  const window = dealWindow(s);
  if (!window) return doc.end({ prettyPrint: true });
  const deals = root.ele("DealList");
  const preOrder = !s.takedown && s.downloads && s.release.preOrderDate ? s.release.preOrderDate : null;
  const instantGrat = preOrder && s.release.instantGratDate ? s.release.instantGratDate : null;
  const at = (date: string) => releaseMoment(date, s.release.releaseTiming);
  type Terms = { start: string; end: string | null; preOrder?: boolean; instantGrat?: string[] };
  const addDeal = (releaseDeal: XMLBuilder, model: string, uses: string[], priceCode?: string, terms?: Terms) => {
    const period = terms ?? window;
    const dealTerms = releaseDeal.ele("Deal").ele("DealTerms");
    dealTerms.ele("TerritoryCode").txt("Worldwide");
    const validity = dealTerms.ele("ValidityPeriod");
    validity.ele("StartDateTime").txt(period.start);
    if (period.end) validity.ele("EndDateTime").txt(period.end);
    dealTerms.ele("CommercialModelType").txt(model);
    for (const use of uses) dealTerms.ele("UseType").txt(use);
    if (priceCode) dealTerms.ele("PriceInformation").ele("PriceCode", { Namespace: s.sender.dpid }).txt(priceCode);
    if (terms?.preOrder) dealTerms.ele("IsPreOrderDeal").txt("true");
    if (terms?.instantGrat?.length) {
      const list = dealTerms.ele("InstantGratificationResourceList");
      for (const ref of terms.instantGrat) list.ele("DealResourceReference").txt(ref);
    }
  };
  // Instant-grat tracks are out from their own date; the others from the release's moment.
  const igTracks = instantGrat ? s.tracks.filter((t) => t.instantGrat) : [];
  const groups = [
    { tracks: s.tracks.filter((t) => !igTracks.includes(t)), start: window.start },
    { tracks: igTracks, start: instantGrat ? at(instantGrat) : "" },
  ].filter((g) => g.tracks.length);
  for (const group of groups) {
    const terms = { start: group.start, end: window.end };
    const trackDeal = deals.ele("ReleaseDeal");
    for (const track of group.tracks) trackDeal.ele("DealReleaseReference").txt(`R${track.position}`);
    addDeal(
      trackDeal,
      "SubscriptionModel",
      ["OnDemandStream", "NonInteractiveStream", "ConditionalDownload"],
      undefined,
      terms,
    );
    addDeal(trackDeal, "AdvertisementSupportedModel", ["OnDemandStream", "NonInteractiveStream"], undefined, terms);
    if (s.downloads) addDeal(trackDeal, "PayAsYouGoModel", ["PermanentDownload"], DOWNLOAD_PRICE_CODE.track, terms);
  }
  if (s.downloads) {
    const albumDeal = deals.ele("ReleaseDeal");
    albumDeal.ele("DealReleaseReference").txt("R0");
    // The pre-order: the album sold before it is out, until the release's moment (DDEX continuums
    // end one period's date-time where the next starts), with its instant-grat tracks at once.
    if (preOrder)
      addDeal(albumDeal, "PayAsYouGoModel", ["PermanentDownload"], DOWNLOAD_PRICE_CODE[s.release.type], {
        start: at(preOrder),
        end: window.start,
        preOrder: true,
        instantGrat: igTracks.map((t) => `A${t.position}`),
      });
    addDeal(albumDeal, "PayAsYouGoModel", ["PermanentDownload"], DOWNLOAD_PRICE_CODE[s.release.type]);
  }

  return doc.end({ prettyPrint: true });
}

/** The first moment anywhere in the world is on a given local date: midnight at UTC+14 (Kiribati). */
const EARLIEST_OFFSET = "+14:00";

/**
 * When the deals run: from local midnight of the release date, to the takedown's moment for a
 * takedown. Null when a takedown comes before the release reached its first territory.
 */
export function dealWindow(s: Pick<ErnSnapshot, "release" | "takedown" | "createdAt">): {
  start: string;
  end: string | null;
} | null {
  const start = releaseMoment(s.release.releaseDate, s.release.releaseTiming);
  if (!s.takedown) return { start, end: null };
  // A global moment is one instant; a local midnight reaches UTC+14 first.
  const firstOut = s.release.releaseTiming === "global" ? Date.parse(start) : Date.parse(`${start}${EARLIEST_OFFSET}`);
  if (s.createdAt.getTime() < firstOut) return null;
  return { start, end: s.createdAt.toISOString() };
}

type HeaderFacts = Pick<ErnSnapshot, "messageId" | "createdAt" | "sender" | "recipient" | "version"> & {
  release: Pick<ErnSnapshot["release"], "id">;
};

function messageHeader(root: XMLBuilder, s: HeaderFacts) {
  const header = root.ele("MessageHeader");
  header.ele("MessageThreadId").txt(s.release.id);
  header.ele("MessageId").txt(s.messageId);
  messagingParty(header, "MessageSender", s.sender);
  messagingParty(header, "MessageRecipient", s.recipient);
  header.ele("MessageCreatedDateTime").txt(s.createdAt.toISOString());
  header.ele("MessageControlType").txt("LiveMessage");
}

/** A message's sender or recipient, as every DDEX message header names them: DPID and name. */
export function messagingParty(header: XMLBuilder, element: string, party: { dpid: string; name: string }) {
  const el = header.ele(element);
  el.ele("PartyId").txt(party.dpid);
  el.ele("PartyName").ele("FullName").txt(party.name);
}

/**
 * A takedown for a store whose rule is to purge: an ERN 4.3 PurgeReleaseMessage naming the release
 * by its UPC. Stores that do not take a purge as a takedown (Spotify) get the release resent with
 * its deals ended instead (the default).
 */
export function buildPurgeReleaseMessage(
  s: HeaderFacts & { release: Pick<ErnSnapshot["release"], "id" | "upc" | "title"> },
): string {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const ns = ERN_NAMESPACE[s.version ?? "4.3"];
  const root = doc.ele(ns, "ern:PurgeReleaseMessage", {
    "xmlns:xsi": XSI_NS,
    "xsi:schemaLocation": `${ns} ${ns}/release-notification.xsd`,
    LanguageAndScriptCode: "en",
    AvsVersionId: AVS_VERSION,
  });
  messageHeader(root, s);
  const purged = root.ele("PurgedRelease");
  purged.ele("ReleaseId").ele("ICPN").txt(s.release.upc);
  purged.ele("Title").ele("TitleText").txt(s.release.title);
  return doc.end({ prettyPrint: true });
}

/**
 * A track's Contributors: its credits by person, a remixer's role added to the same person when they
 * also wrote or produced. A remix is production work, so its AI level reads the producer's areas.
 */
function contributorsOf(track: ErnTrack) {
  const people = creditsByPerson(track.contributors).map((p) => ({
    name: p.name,
    roles: p.roles.map((role) => DDEX_CONTRIBUTOR_ROLE[role]),
    areas: [...p.roles],
  }));
  for (const name of track.remixers ?? []) {
    let person = people.find((p) => p.name === name);
    if (!person) {
      person = { name, roles: [], areas: [] };
      people.push(person);
    }
    person.roles.push(DDEX_REMIXER_ROLE);
    person.areas.push("producer");
  }
  return people;
}

function displayArtist(parent: XMLBuilder, sequence: number, ref: string, role: string) {
  const artist = parent.ele("DisplayArtist", { SequenceNumber: String(sequence) });
  artist.ele("ArtistPartyReference").txt(ref);
  artist.ele("DisplayArtistRole").txt(role);
}

/**
 * The file of a resource, with its hash. A batch without the file (a takedown) names none and says
 * so with IsProvidedInDelivery false, as ERN 4.2+ requires.
 */
function addFile(parent: XMLBuilder, uri: string, md5: string, provided: boolean) {
  if (!provided) {
    parent.ele("IsProvidedInDelivery").txt("false");
    return;
  }
  const file = parent.ele("File");
  file.ele("URI").txt(uri);
  const hash = file.ele("HashSum");
  hash.ele("Algorithm").txt("MD5");
  hash.ele("HashSumValue").txt(md5);
}
