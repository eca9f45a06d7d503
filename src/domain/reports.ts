import { isValidUpcEan } from "./identifiers";
import { RUPEES_PATTERN, rupeesToPaise } from "./money";
import { isIsoDate } from "./releases";

/**
 * The store report format we import (CSV, UTF-8, header row, comma-separated):
 *   date       YYYY-MM-DD, the day the streams happened
 *   store      the store's name, e.g. Spotify
 *   country    ISO 3166-1 alpha-2 code, e.g. IN
 *   upc        the release's UPC/EAN (12 or 13 digits), or empty when isrc is given
 *   isrc       the track's ISRC (e.g. INABC2600001), optional
 *   streams    whole number of streams
 *   listeners  whole number of unique listeners that day
 *   revenue    what the store paid for those streams, a decimal in the currency below
 *   currency   INR (rows in other currencies are refused: convert before importing)
 */
export const REPORT_COLUMNS = [
  "date",
  "store",
  "country",
  "upc",
  "isrc",
  "streams",
  "listeners",
  "revenue",
  "currency",
] as const;
export const REPORT_CURRENCY = "INR";
export const REPORT_MAX_BYTES = 512 * 1024 * 1024;
export const REPORT_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export interface ReportRow {
  day: string;
  store: string;
  country: string;
  upc: string;
  isrc: string;
  streams: number;
  listeners: number;
  revenuePaise: number;
}

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
const COUNTRY = /^[A-Z]{2}$/;
const WHOLE = /^\d{1,12}$/;

/** The longest piece of a refused cell echoed back in an error (a cell may be megabytes long). */
export const EXCERPT_CHARS = 40;

/** A cell quoted for an error message, cut to a short excerpt. */
export function excerpt(value: string): string {
  const chars = [...value];
  return `"${chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join("")}…` : value}"`;
}

/** A cell of a record, trimmed ("" when the row has fewer columns). */
const cell = (record: Record<string, string | undefined>, column: (typeof REPORT_COLUMNS)[number]) =>
  (record[column] ?? "").trim();

/** One CSV record checked against the format: a clean row, or the reason it cannot be imported. */
export function parseReportRecord(record: Record<string, string | undefined>): { row: ReportRow } | { error: string } {
  const day = cell(record, "date");
  if (!isIsoDate(day)) return { error: `date ${excerpt(day)} is not a YYYY-MM-DD date` };
  const store = cell(record, "store");
  if (!store || store.length > 60) return { error: "store is missing or longer than 60 characters" };
  const country = cell(record, "country").toUpperCase();
  if (!COUNTRY.test(country)) return { error: `country ${excerpt(country)} is not a two-letter ISO code` };
  const upc = cell(record, "upc");
  const isrc = cell(record, "isrc").toUpperCase().replace(/-/g, "");
  if (!upc && !isrc) return { error: "neither upc nor isrc is given" };
  if (upc && !isValidUpcEan(upc)) return { error: `upc ${excerpt(upc)} has a wrong check digit or length` };
  if (isrc && !ISRC.test(isrc)) return { error: `isrc ${excerpt(isrc)} is not a valid ISRC` };
  const streams = cell(record, "streams");
  const listeners = cell(record, "listeners");
  if (!WHOLE.test(streams)) return { error: `streams ${excerpt(streams)} is not a whole number` };
  if (!WHOLE.test(listeners)) return { error: `listeners ${excerpt(listeners)} is not a whole number` };
  const revenue = cell(record, "revenue");
  if (!RUPEES_PATTERN.test(revenue)) return { error: `revenue ${excerpt(revenue)} is not a decimal amount` };
  const currency = cell(record, "currency").toUpperCase();
  if (currency !== REPORT_CURRENCY) {
    return { error: `currency ${excerpt(currency)} is not INR; convert the report to INR before importing` };
  }
  return {
    row: {
      day,
      store,
      country,
      upc,
      isrc,
      streams: Number(streams),
      listeners: Number(listeners),
      revenuePaise: rupeesToPaise(revenue),
    },
  };
}
