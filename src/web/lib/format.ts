import { activeLocale, INTL_LOCALES, type Locale } from "#domain/i18n";

/** Display formats for dates, counts and countries, the Indian way, made once per language (en-IN, hi-IN). */
function formatsFor(tag: string) {
  return {
    dateFormat: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }),
    weekdayFormat: new Intl.DateTimeFormat(tag, { weekday: "short", timeZone: "UTC" }),
    dateTimeFormat: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }),
    monthShort: new Intl.DateTimeFormat(tag, { month: "short", year: "numeric", timeZone: "UTC" }),
    monthLong: new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }),
    countFormat: new Intl.NumberFormat(tag),
    regionNames: new Intl.DisplayNames([tag], { type: "region" }),
    languageNames: new Intl.DisplayNames([tag], { type: "language", fallback: "none" }),
  };
}
const made = new Map<Locale, ReturnType<typeof formatsFor>>();
/** The active language's formats. */
function formats() {
  const locale = activeLocale();
  let found = made.get(locale);
  if (!found) {
    found = formatsFor(INTL_LOCALES[locale]);
    made.set(locale, found);
  }
  return found;
}

/** A calendar date (YYYY-MM-DD or an ISO timestamp), e.g. "24 Dec 2026". */
export const formatDate = (iso: string) => formats().dateFormat.format(new Date(iso));
/** A calendar date's weekday, short: "Mon", "सोम". */
export const formatWeekday = (iso: string) => formats().weekdayFormat.format(new Date(iso));
/** A moment in the reader's time zone, e.g. "24 Dec 2026, 4:05 pm". */
export const formatDateTime = (iso: string) => formats().dateTimeFormat.format(new Date(iso));
/** A month (YYYY-MM or YYYY-MM-DD), e.g. "Nov 2026", or "November 2026" when `long`. */
export const formatMonth = (month: string, long = false) =>
  (long ? formats().monthLong : formats().monthShort).format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
/** A whole number with Indian grouping, e.g. 1,00,000. */
export const formatCount = (n: number) => formats().countFormat.format(n);

/** The name, in the active language, of an ISO 3166 country code, or the code when it is not one. */
export function countryName(code: string): string {
  try {
    return formats().regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A language's name in the reader's language ("हिन्दी", "बांग्ला"); in English the name we list it
 * under (`english`), which is what stores and our English screens have always said.
 */
export function languageName(code: string, english: string): string {
  if (activeLocale() === "en") return english;
  try {
    return formats().languageNames.of(code) ?? english;
  } catch {
    return english;
  }
}
