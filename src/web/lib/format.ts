/** Display formats for dates, counts and countries, the Indian way, made once. */
const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });
const monthShort = new Intl.DateTimeFormat("en-IN", { month: "short", year: "numeric", timeZone: "UTC" });
const monthLong = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });
const countFormat = new Intl.NumberFormat("en-IN");
const regionNames = new Intl.DisplayNames(["en-IN"], { type: "region" });

/** A calendar date (YYYY-MM-DD or an ISO timestamp), e.g. "24 Dec 2026". */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** A moment in the reader's time zone, e.g. "24 Dec 2026, 4:05 pm". */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** A month (YYYY-MM or YYYY-MM-DD), e.g. "Nov 2026", or "November 2026" when `long`. */
export const formatMonth = (month: string, long = false) =>
  (long ? monthLong : monthShort).format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
/** A whole number with Indian grouping, e.g. 1,00,000. */
export const formatCount = (n: number) => countFormat.format(n);

/** The English name of an ISO 3166 country code, or the code when it is not one. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
