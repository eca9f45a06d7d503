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
/** Who read a report's rows: PostgreSQL's COPY, checked there, or the server row by row (decision 046). */
export const REPORT_READERS = ["database", "server"] as const;

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

/** A cell of a record ("" when the row has fewer columns). */
const cell = (record: Record<string, string | undefined>, column: (typeof REPORT_COLUMNS)[number]) =>
  record[column] ?? "";

/** One cell (or the codes' pair) checked: its value as imported, or why the row cannot be imported. */
export type CellCheck<T> = { value: T } | { error: string };

/**
 * Each column's own check, on the cell as the file has it. Each depends on its cell alone (the codes
 * on their pair), so the importer may check each distinct value of a column once (decision 046);
 * `parseReportRecord` runs them in the columns' order, and a row's first failure is its reason.
 */
export const REPORT_CELL_CHECKS = {
  date(cell: string): CellCheck<string> {
    const day = cell.trim();
    return isIsoDate(day) ? { value: day } : { error: `date ${excerpt(day)} is not a YYYY-MM-DD date` };
  },
  store(cell: string): CellCheck<string> {
    const store = cell.trim();
    return !store || store.length > 60 ? { error: "store is missing or longer than 60 characters" } : { value: store };
  },
  country(cell: string): CellCheck<string> {
    const country = cell.trim().toUpperCase();
    return COUNTRY.test(country)
      ? { value: country }
      : { error: `country ${excerpt(country)} is not a two-letter ISO code` };
  },
  codes(upcCell: string, isrcCell: string): CellCheck<{ upc: string; isrc: string }> {
    const upc = upcCell.trim();
    const isrc = isrcCell.trim().toUpperCase().replace(/-/g, "");
    if (!upc && !isrc) return { error: "neither upc nor isrc is given" };
    if (upc && !isValidUpcEan(upc)) return { error: `upc ${excerpt(upc)} has a wrong check digit or length` };
    if (isrc && !ISRC.test(isrc)) return { error: `isrc ${excerpt(isrc)} is not a valid ISRC` };
    return { value: { upc, isrc } };
  },
  streams: (cell: string) => wholeNumber("streams", cell),
  listeners: (cell: string) => wholeNumber("listeners", cell),
  revenue(cell: string): CellCheck<number> {
    const revenue = cell.trim();
    return RUPEES_PATTERN.test(revenue)
      ? { value: rupeesToPaise(revenue) }
      : { error: `revenue ${excerpt(revenue)} is not a decimal amount` };
  },
  currency(cell: string): CellCheck<string> {
    const currency = cell.trim().toUpperCase();
    return currency === REPORT_CURRENCY
      ? { value: currency }
      : { error: `currency ${excerpt(currency)} is not INR; convert the report to INR before importing` };
  },
};

function wholeNumber(column: string, cell: string): CellCheck<number> {
  const text = cell.trim();
  return WHOLE.test(text) ? { value: Number(text) } : { error: `${column} ${excerpt(text)} is not a whole number` };
}

/**
 * The cells PostgreSQL may read as they stand (decision 046), as conditions on `{cell}`: digits only,
 * no space around them. Each is a strict part of what its check above accepts, giving the same value
 * (a test proves it); any other cell is left to the check. Written with `translate` and `strpos`, not
 * as patterns for `~`: a million rows' three figures took 1.6 s of regular expressions against 0.9 s
 * (decision 048).
 */
export const REPORT_WHOLE_SQL = "(translate({cell}, '0123456789', '') = '' and length({cell}) between 1 and 12)";
/** Digits, with a point and one to eight more digits after them if any: `^[0-9]{1,12}([.][0-9]{1,8})?$`. */
export const REPORT_RUPEES_SQL =
  "(translate({cell}, '0123456789', '') in ('', '.') and case strpos({cell}, '.') when 0 then length({cell}) between 1 and 12 else strpos({cell}, '.') between 2 and 13 and length({cell}) - strpos({cell}, '.') between 1 and 8 end)";

/**
 * The same two conditions as patterns, for the server reading a file with no quote line by line: a
 * line whose figures match them is staged as it stands, any other is checked row by row (decision
 * 062). A test proves each accepts exactly what its SQL condition accepts.
 */
export const REPORT_WHOLE_PLAIN = /^[0-9]{1,12}$/;
export const REPORT_RUPEES_PLAIN = /^[0-9]{1,12}(?:\.[0-9]{1,8})?$/;

/** One CSV record checked against the format: a clean row, or the reason it cannot be imported. */
export function parseReportRecord(record: Record<string, string | undefined>): { row: ReportRow } | { error: string } {
  const day = REPORT_CELL_CHECKS.date(cell(record, "date"));
  if ("error" in day) return day;
  const store = REPORT_CELL_CHECKS.store(cell(record, "store"));
  if ("error" in store) return store;
  const country = REPORT_CELL_CHECKS.country(cell(record, "country"));
  if ("error" in country) return country;
  const codes = REPORT_CELL_CHECKS.codes(cell(record, "upc"), cell(record, "isrc"));
  if ("error" in codes) return codes;
  const streams = REPORT_CELL_CHECKS.streams(cell(record, "streams"));
  if ("error" in streams) return streams;
  const listeners = REPORT_CELL_CHECKS.listeners(cell(record, "listeners"));
  if ("error" in listeners) return listeners;
  const revenue = REPORT_CELL_CHECKS.revenue(cell(record, "revenue"));
  if ("error" in revenue) return revenue;
  const currency = REPORT_CELL_CHECKS.currency(cell(record, "currency"));
  if ("error" in currency) return currency;
  return {
    row: {
      day: day.value,
      store: store.value,
      country: country.value,
      upc: codes.value.upc,
      isrc: codes.value.isrc,
      streams: streams.value,
      listeners: listeners.value,
      revenuePaise: revenue.value,
    },
  };
}
