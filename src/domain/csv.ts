// The browser build: the same code with its own Buffer, so the web app can use this writer too.
import { stringify } from "csv-stringify/browser/esm/sync";

/** Plain numbers (a negative amount included) are data to any spreadsheet, never a formula. */
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;
/** What a spreadsheet program may run as a formula when a cell starts with it (OWASP's list). */
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/**
 * A cell as we write it: text that a spreadsheet would take for a formula (a release title "=HYPERLINK(…)",
 * a payee's name "@SUM(…)") is prefixed with an apostrophe, which shows the text as typed (issue 33).
 */
export function csvCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return FORMULA_LEAD.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The one CSV writer: every CSV we make goes through it. UTF-8 with a byte-order mark, so spreadsheet
 * programs read Devanagari and ₹ right; every cell neutralised against formula injection.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${stringify(rows.map((row) => row.map(csvCell)))}`;
}
