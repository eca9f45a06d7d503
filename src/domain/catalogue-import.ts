/**
 * Catalogue import (issue 38): a label moves hundreds of releases in at once, from our CSV template
 * (one row per track) or a DDEX ERN 4.3 NewReleaseMessage, keeping the ISRCs and UPCs the stores
 * already know. First a dry run says, per release and track, what is fine, what stores would frown on
 * and what blocks, with the quality check's own words; then the import runs in the background.
 * Pure rules here: reading the file and writing releases are the server's.
 */
import { PERFORMANCE_LANGUAGE_CODES } from "./credits";
import { toCsv } from "./csv";
import { labelsAt, type Said, t } from "./i18n";
import { type Finding, finding } from "./quality";
import { RELEASE_TYPES, type ReleaseType } from "./release-types";
import { isIsoDate, type ReleaseInput } from "./releases";

export const IMPORT_FORMATS = ["csv", "ern"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_STATUSES = ["checking", "checked", "importing", "completed", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Readonly<Record<ImportStatus, string>> = labelsAt("import.status", IMPORT_STATUSES);

/** What the dry run says of one release, and what became of it. */
export const IMPORT_LINE_STATUSES = ["ok", "warning", "blocking", "imported", "skipped"] as const;
export type ImportLineStatus = (typeof IMPORT_LINE_STATUSES)[number];
export const IMPORT_LINE_STATUS_LABELS: Readonly<Record<ImportLineStatus, string>> = labelsAt(
  "import.line",
  IMPORT_LINE_STATUSES,
);

/** The largest file taken (a 20,000-row CSV is about 6 MB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows (tracks) one CSV may hold. */
export const IMPORT_MAX_ROWS = 20_000;

/** The template's columns, in order: a star marks the ones every row needs. */
export const CATALOGUE_COLUMNS = [
  { name: "release_title", required: true, help: "The release's title, the same on each of its tracks' rows." },
  {
    name: "release_artist",
    required: true,
    help: "The release's main artist: becomes (or matches) an artist profile.",
  },
  { name: "release_type", required: false, help: `One of ${RELEASE_TYPES.join(", ")}; empty: single.` },
  {
    name: "upc",
    required: false,
    help: "The UPC/EAN stores know it by (kept, check digit verified); empty: we assign one.",
  },
  { name: "release_date", required: true, help: "When it goes live at the stores we send it to (YYYY-MM-DD)." },
  {
    name: "original_release_date",
    required: false,
    help: "When it first came out, for music released before (YYYY-MM-DD).",
  },
  { name: "genre", required: false, help: "e.g. Pop, Hip-Hop, Indian Classical." },
  { name: "language", required: false, help: "The language sung, as an ISO 639 code (hi, en, pa...)." },
  { name: "label", required: false, help: "The label named in the (P) and (C) lines." },
  { name: "artwork", required: true, help: "A link to the cover (https://...) or the id of an upload already made." },
  { name: "ai_used", required: false, help: "no: made without AI; empty: the answer given on the import page." },
  { name: "track_number", required: false, help: "1, 2, 3...; empty: the order of the rows." },
  { name: "track_title", required: true, help: "The track's title." },
  { name: "track_version", required: false, help: "e.g. Remix, Live, Acoustic: kept out of the title." },
  { name: "track_artist", required: false, help: "The track's own main artist, when not the release's." },
  { name: "isrc", required: false, help: "The ISRC stores know the recording by (kept); empty: we assign one." },
  { name: "explicit", required: false, help: "yes when the track has explicit lyrics." },
  { name: "audio", required: true, help: "A link to the track's WAV or FLAC, or the id of an upload already made." },
  {
    name: "release_title_latin",
    required: false,
    help: "The release title in Latin letters, when it is written in an Indian script (e.g. Mera Dil).",
  },
  { name: "track_title_latin", required: false, help: "The track title in Latin letters, likewise." },
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number]["name"];
export const REQUIRED_COLUMNS: readonly CatalogueColumn[] = CATALOGUE_COLUMNS.filter((c) => c.required).map(
  (c) => c.name,
);

export const IMPORT_MESSAGES = Object.assign(
  labelsAt("import.msg", [
    "empty",
    "notCsv",
    "notErn",
    "badXml",
    "format",
    "aiAnswer",
    "aiQuery",
    "notFound",
    "notChecked",
    "nothingToImport",
    "plan",
    "started",
  ]),
  {
    get tooLarge() {
      return t("import.msg.tooLarge", { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
    },
    get tooManyRows() {
      return t("import.msg.tooManyRows", { max: IMPORT_MAX_ROWS.toLocaleString("en-IN") });
    },
    missingColumns: (names: readonly string[]) =>
      t("import.msg.missingColumns", { names: names.join(", "), count: names.length }),
    stopped: (reason: string) => t("import.msg.stopped", { reason }),
  },
);

/** Words for a problem the dry run finds in the file itself (not in what the quality check says). */
export const ROW_MESSAGES = {
  duplicateIsrc: (isrc: string, lines: readonly number[]): Said => [
    "import.row.duplicateIsrc",
    { isrc, lines: lines.join(", ") },
  ],
  isrcForeign: (isrc: string): Said => ["import.row.isrcForeign", { isrc }],
  upcForeign: (upc: string): Said => ["import.row.upcForeign", { upc }],
  badDate: (column: string, value: string): Said => ["import.row.badDate", { column, value }],
  badType: (value: string): Said => ["import.row.badType", { value, types: RELEASE_TYPES.join(", ") }],
  conflicting: (column: string, line: number): Said => ["import.row.conflicting", { column, line }],
  conflictingFix: (column: string): Said => ["import.row.conflictingFix", { column }],
  aiYes: ["import.row.aiYes"] as Said,
  noOriginalDate: ["import.row.noOriginalDate"] as Said,
  language: (code: string): Said => ["import.row.language", { code }],
  file: (name: string): Said => ["import.row.file", { name }],
  video: ["import.row.video"] as Said,
  alreadyImported: ["import.row.alreadyImported"] as Said,
} as const;

/** How the dry run's own findings are coded, beside the quality check's codes. */
const fileFinding = (
  severity: "blocking" | "warning",
  code: string,
  subject: string,
  message: Said,
  fix: Said | null = null,
) => finding(severity, `import.${code}`, subject, message, fix);

/** One release as read from the file, before it is checked: its input and what reading it found. */
export interface DraftRelease {
  /** Identifies the release in this file and across files (a re-run finds it again). */
  key: string;
  /** The file's line (CSV) or the release's position (ERN) where it starts. */
  firstLine: number;
  input: ReleaseInput;
  findings: Finding[];
}

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A file given as a link or as an upload's id, as the release input takes it. */
export function fileRef(value: string): { url: string; uploadId: string } {
  const v = value.trim();
  return UPLOAD_ID.test(v) ? { url: "", uploadId: v.toLowerCase() } : { url: v, uploadId: "" };
}

/** The key a release is known by: its UPC when it has one, else its title, artist and date. */
export function releaseKey(r: { upc: string; title: string; artist: string; releaseDate: string }): string {
  const upc = r.upc.trim();
  if (upc) return `upc:${upc.length === 12 ? `0${upc}` : upc}`;
  return `release:${[r.title, r.artist, r.releaseDate].map((s) => s.trim().toLowerCase()).join("|")}`;
}

/** The header's columns we need and it lacks. */
export function missingColumns(header: readonly string[]): CatalogueColumn[] {
  const have = new Set(header.map((h) => h.trim().toLowerCase()));
  return REQUIRED_COLUMNS.filter((c) => !have.has(c));
}

/** The downloadable template: the header and two rows of one example EP. */
export function catalogueTemplateCsv(): string {
  const example = {
    release_title: "Monsoon Sessions",
    release_artist: "Asha Rao",
    release_type: "ep",
    upc: "",
    release_date: "2027-01-15",
    original_release_date: "2019-07-01",
    genre: "Indie",
    language: "hi",
    label: "Rao Records",
    artwork: "https://files.example.com/monsoon/cover.jpg",
    ai_used: "no",
    track_number: "1",
    track_title: "Baarish",
    track_version: "",
    track_artist: "",
    isrc: "",
    explicit: "no",
    audio: "https://files.example.com/monsoon/01-baarish.wav",
    release_title_latin: "",
    track_title_latin: "",
  } satisfies Record<CatalogueColumn, string>;
  const second = {
    ...example,
    track_number: "2",
    track_title: "Baarish",
    track_version: "Acoustic",
    audio: "https://files.example.com/monsoon/02-baarish-acoustic.wav",
  };
  const names = CATALOGUE_COLUMNS.map((c) => c.name);
  return toCsv([names, names.map((n) => example[n]), names.map((n) => second[n])]);
}

export interface CsvRow {
  line: number;
  values: Partial<Record<CatalogueColumn, string>>;
}

const yes = (v: string | undefined) => /^(y|yes|true|1)$/i.test((v ?? "").trim());

/**
 * Groups the CSV's rows into releases (rows with the same UPC, or the same title, artist and date),
 * tracks in track_number order, and notes what reading them found: rows of one release that disagree,
 * dates and codes that are not well formed, an ISRC on two rows, AI answers we cannot take here.
 */
export function releasesFromCsv(rows: readonly CsvRow[], aiAnswer: "no"): DraftRelease[] {
  const groups = new Map<string, CsvRow[]>();
  for (const row of rows) {
    const v = row.values;
    const key = releaseKey({
      upc: v.upc ?? "",
      title: v.release_title ?? "",
      artist: v.release_artist ?? "",
      releaseDate: v.release_date ?? "",
    });
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const isrcLines = new Map<string, number[]>();
  for (const row of rows) {
    const isrc = (row.values.isrc ?? "").replace(/-/g, "").trim().toUpperCase();
    if (isrc) isrcLines.set(isrc, [...(isrcLines.get(isrc) ?? []), row.line]);
  }

  const drafts: DraftRelease[] = [];
  for (const [key, group] of groups) {
    const first = group[0] as CsvRow;
    const v = first.values;
    const findings: Finding[] = [];
    const releaseSubject = `Release (line ${first.line})`;
    // Every row of a release must say the same of the release.
    for (const column of [
      "release_title_latin",
      "release_type",
      "original_release_date",
      "genre",
      "language",
      "label",
      "artwork",
      "ai_used",
    ] as const) {
      const other = group.find((r) => (r.values[column] ?? "").trim() !== (v[column] ?? "").trim());
      if (other)
        findings.push(
          fileFinding(
            "blocking",
            "conflicting",
            `Line ${other.line}`,
            ROW_MESSAGES.conflicting(column, other.line),
            ROW_MESSAGES.conflictingFix(column),
          ),
        );
    }
    const type = (v.release_type ?? "").trim().toLowerCase();
    if (type && !(RELEASE_TYPES as readonly string[]).includes(type))
      findings.push(fileFinding("blocking", "release_type", releaseSubject, ROW_MESSAGES.badType(type)));
    for (const column of ["release_date", "original_release_date"] as const) {
      const value = (v[column] ?? "").trim();
      if (value && !isIsoDate(value))
        findings.push(fileFinding("blocking", "date", releaseSubject, ROW_MESSAGES.badDate(column, value)));
    }
    const language = knownLanguage((v.language ?? "").trim().toLowerCase(), releaseSubject, findings);
    const ai = (v.ai_used ?? "").trim().toLowerCase();
    if (ai === "yes") findings.push(fileFinding("blocking", "ai", releaseSubject, ROW_MESSAGES.aiYes));

    const ordered = [...group].sort(
      (a, b) =>
        (Number(a.values.track_number) || Number.MAX_SAFE_INTEGER) -
          (Number(b.values.track_number) || Number.MAX_SAFE_INTEGER) || a.line - b.line,
    );
    const tracks = ordered.map((row) => {
      const t = row.values;
      const isrc = (t.isrc ?? "").replace(/-/g, "").trim().toUpperCase();
      const lines = isrc ? (isrcLines.get(isrc) ?? []) : [];
      if (lines.length > 1)
        findings.push(
          fileFinding("blocking", "duplicate_isrc", `Line ${row.line}`, ROW_MESSAGES.duplicateIsrc(isrc, lines)),
        );
      const audio = fileRef(t.audio ?? "");
      return {
        title: (t.track_title ?? "").trim(),
        titleLatin: (t.track_title_latin ?? "").trim(),
        version: (t.track_version ?? "").trim(),
        audioFileUrl: audio.url,
        audioUploadId: audio.uploadId,
        isrc,
        isExplicit: yes(t.explicit),
        artistName: (t.track_artist ?? "").trim(),
      };
    });
    const cover = fileRef(v.artwork ?? "");
    const firstTrack = tracks[0];
    drafts.push({
      key,
      firstLine: first.line,
      findings,
      input: {
        title: (v.release_title ?? "").trim(),
        titleLatin: (v.release_title_latin ?? "").trim(),
        artistName: (v.release_artist ?? "").trim(),
        releaseType: ((RELEASE_TYPES as readonly string[]).includes(type) ? type : "single") as ReleaseType,
        releaseDate: (v.release_date ?? "").trim(),
        originalReleaseDate: (v.original_release_date ?? "").trim(),
        genre: (v.genre ?? "").trim(),
        language,
        labelName: (v.label ?? "").trim(),
        upcEan: (v.upc ?? "").trim(),
        isExplicit: tracks.some((t) => t.isExplicit),
        aiUsed: ai === "no" || ai === "" ? aiAnswer : undefined,
        audioFileUrl: firstTrack?.audioFileUrl ?? "",
        audioUploadId: firstTrack?.audioUploadId ?? "",
        coverArtUrl: cover.url,
        coverArtUploadId: cover.uploadId,
        tracks,
      },
    });
  }
  return drafts;
}

/** A language code stores take, or empty with a warning saying it was left out. */
export function knownLanguage(code: string, subject: string, findings: Finding[]): ReleaseInput["language"] {
  if (!code) return "";
  if ((PERFORMANCE_LANGUAGE_CODES as readonly string[]).includes(code)) return code as ReleaseInput["language"];
  findings.push(fileFinding("warning", "language", subject, ROW_MESSAGES.language(code)));
  return "";
}

/** The dry run's word on a release: blocking beats warning beats OK. */
export function lineStatus(findings: readonly Finding[]): "ok" | "warning" | "blocking" {
  if (findings.some((f) => f.severity === "blocking")) return "blocking";
  return findings.some((f) => f.severity === "warning") ? "warning" : "ok";
}

export { fileFinding as importFinding };
