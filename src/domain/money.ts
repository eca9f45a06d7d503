import { activeLocale, INTL_LOCALES, LOCALES, type Locale } from "./i18n";

/**
 * The one money module (issue 34). Money is held as integer paise, never as a float; each place we
 * show or read it has one function here:
 *
 * - screens, e-mails and PDFs: `formatInr` — "₹1,00,000" or "₹1,323.03", Indian grouping (the PDFs
 *   embed Noto Sans, which has ₹);
 * - CSV files and form inputs: `rupeesPlain` — "1323.03", a plain decimal a spreadsheet reads;
 * - reading rupees typed or imported: `rupeesToPaise` — exact, half up.
 *
 * The artist's share of store revenue is `artistShare` (TypeScript) and `ARTIST_SHARE_SQL` (the same
 * formula for queries); a test runs both over the same numbers.
 */

const inr = (tag: string, digits: number) =>
  new Intl.NumberFormat(tag, {
    style: "currency",
    currency: "INR",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
/** Per language (issue 39): [whole rupees, with paise]; both group the Indian way, with ₹. */
const INR_FORMATS = Object.fromEntries(
  LOCALES.map((locale) => [locale, [inr(INTL_LOCALES[locale], 0), inr(INTL_LOCALES[locale], 2)]]),
) as Record<Locale, [Intl.NumberFormat, Intl.NumberFormat]>;

/**
 * For people: "₹1,00,000" for whole rupees, "₹1,323.03" otherwise (or always with `decimals`), in the
 * active language unless `locale` names the reader's (an e-mail, a PDF).
 */
export function formatInr(paise: number, options: { decimals?: boolean; locale?: Locale } = {}): string {
  const fractional = options.decimals ?? paise % 100 !== 0;
  const [whole, withPaise] = INR_FORMATS[options.locale ?? activeLocale()];
  return (fractional ? withPaise : whole).format(paise / 100);
}

/** For files and inputs: "1323.03", "-340.51", "0.00" — exact, from the integer. */
export function rupeesPlain(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A plain decimal amount of rupees, as typed or imported. */
export const RUPEES_PATTERN = /^\d{1,12}(\.\d{1,8})?$/;

/** Rupees written as a decimal to whole paise, half up, without floating-point error. */
export function rupeesToPaise(text: string): number {
  const value = text.trim();
  const dot = value.indexOf(".");
  if (dot < 0) return Number(value) * 100;
  // The first three digits after the point, read as character codes (a store report has a million
  // of these): a missing digit counts as 0.
  const at = (i: number) => {
    const code = value.charCodeAt(dot + 1 + i);
    return code >= 48 && code <= 57 ? code - 48 : 0;
  };
  const paise = Number(value.slice(0, dot)) * 100 + at(0) * 10 + at(1);
  return at(2) >= 5 ? paise + 1 : paise;
}

/**
 * `rupeesToPaise` of characters `from` to `to` of `text`, which must match `REPORT_RUPEES_PLAIN` (at
 * most twelve digits, a point and at most eight more): read in place, as a store report's million
 * figures are, with nothing cut out of the line or parsed as a string. The same paise, half up.
 */
export function plainRupeesToPaiseAt(text: string, from: number, to: number): number {
  let rupees = 0;
  let i = from;
  for (; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 46) break;
    rupees = rupees * 10 + (code - 48);
  }
  // The first three digits after the point; a missing digit counts as 0.
  const digit = (k: number) => (i + k < to ? text.charCodeAt(i + k) - 48 : 0);
  const paise = rupees * 100 + digit(1) * 10 + digit(2);
  return digit(3) >= 5 ? paise + 1 : paise;
}

/**
 * `rupeesToPaise` for SQL, over a text expression named `rupees` (substituted by the caller) that
 * passes `REPORT_RUPEES_SQL`: PostgreSQL's `round` of a numeric takes a half away from
 * zero, which for amounts of no sign is half up (a test proves the two equal).
 */
export const RUPEES_TO_PAISE_SQL = "round(({rupees})::numeric * 100)::bigint";

/** The artist's share of store revenue, to whole paise, half up (integer arithmetic only). */
export function artistShare(grossPaise: number, sharePercent: number): number {
  return Math.floor((grossPaise * sharePercent + 50) / 100);
}

/**
 * `artistShare` for SQL, over two integer expressions named `gross` and `share` (substituted by
 * the caller): PostgreSQL's integer division truncates, so the floor is taken on numerics.
 */
export const ARTIST_SHARE_SQL = "floor((({gross})::numeric * ({share}) + 50) / 100)::bigint";
