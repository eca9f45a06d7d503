/**
 * The one clock for business dates (issue 34). A business date — today, the day a release goes live,
 * a plan's end, an invoice's date and financial year, a TDS quarter, a statement month, an analytics
 * day — is India's calendar date (IST, UTC+05:30, no daylight saving). An instant — when something
 * happened (`createdAt`, a payment's time, a lease) — is a UTC `Date` and is only turned into a date
 * here. Calendar dates travel as "YYYY-MM-DD" strings; arithmetic on them is calendar arithmetic (done
 * at UTC midnight, where no zone can shift it). Decision 023 says which is which.
 *
 * Nothing outside this file computes a date from an instant or adds a zone offset: the architecture
 * test forbids `toISOString().slice(0, 10)`, "Asia/Kolkata" and hand-written offsets elsewhere.
 */

/** India Standard Time is UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The calendar date of a moment at UTC midnight, as YYYY-MM-DD (calendar arithmetic only). */
const dateOfUtc = (d: Date) => d.toISOString().slice(0, 10);
/** A YYYY-MM-DD date as its UTC midnight, for calendar arithmetic. */
const utcMidnight = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** India's calendar date at an instant (now by default), e.g. "2026-11-25". */
export function todayIst(now: Date = new Date()): string {
  return dateOfUtc(new Date(now.getTime() + IST_OFFSET_MS));
}

/** The calendar date an instant falls on in India: the same as `todayIst(at)`, named for instants. */
export const dateIst = (at: Date): string => todayIst(at);

/** The instant an Indian calendar day begins (00:00 IST). */
export function startOfDayIst(isoDate: string): Date {
  return new Date(utcMidnight(isoDate).getTime() - IST_OFFSET_MS);
}

/** A calendar date `days` later (or earlier, when negative). */
export function addDays(isoDate: string, days: number): string {
  return dateOfUtc(new Date(utcMidnight(isoDate).getTime() + days * DAY_MS));
}

/** Whole days from one calendar date to another (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMidnight(b).getTime() - utcMidnight(a).getTime()) / DAY_MS);
}

/** The same day a year later; 29 February becomes 28 February. */
export function oneYearAfter(isoDate: string): string {
  const d = utcMidnight(isoDate);
  const end = new Date(Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth(), d.getUTCDate()));
  // Feb 29 + 1 year rolls into March: keep it in February.
  if (end.getUTCMonth() !== d.getUTCMonth()) end.setUTCDate(0);
  return dateOfUtc(end);
}

/** The first day of the month a date falls in, e.g. "2026-11-01". */
export function monthOf(isoDate: string): string {
  return `${isoDate.slice(0, 7)}-01`;
}

/** The last day of a month given as YYYY-MM or any date in it. */
export function lastDayOfMonth(month: string): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return dateOfUtc(new Date(Date.UTC(y, m, 0)));
}

/** The first day of the month `n` months after the one `month` is in (`n` may be negative). */
export function addMonths(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}-01`;
}

/** The first days of the months from one date's month to another's, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = monthOf(first); m <= monthOf(last); m = addMonths(m, 1)) out.push(m);
  return out;
}

/** India's financial year (April to March) of a calendar date, e.g. "2026-27". */
export function financialYearOfDate(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/**
 * The financial year of an instant, taken in IST: a payment or payout at 00:30 IST on 1 April is in
 * the new year (issue 34: GST invoices followed the UTC year and were numbered in the old series).
 */
export function financialYearIst(at: Date): string {
  return financialYearOfDate(todayIst(at));
}

/** The TDS quarter of an instant, in IST: Q1 is April–June. */
export function tdsQuarterIst(at: Date): { fy: string; quarter: 1 | 2 | 3 | 4 } {
  const month = Number(todayIst(at).slice(5, 7));
  const quarter = (month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4) as 1 | 2 | 3 | 4;
  return { fy: financialYearIst(at), quarter };
}

/** The TDS quarter before one: returns are filed after a quarter ends, so it is the one usually wanted. */
export function previousTdsQuarter(q: { fy: string; quarter: 1 | 2 | 3 | 4 }): { fy: string; quarter: 1 | 2 | 3 | 4 } {
  if (q.quarter > 1) return { fy: q.fy, quarter: (q.quarter - 1) as 1 | 2 | 3 };
  const start = Number(q.fy.slice(0, 4)) - 1;
  return { fy: `${start}-${String((start + 1) % 100).padStart(2, "0")}`, quarter: 4 };
}

/** The instants a quarter of a financial year starts and ends (exclusive), in IST. */
export function quarterRange(fy: string, quarter: 1 | 2 | 3 | 4): { from: Date; to: Date } {
  const start = Number(fy.slice(0, 4));
  const firstMonth = [4, 7, 10, 1][quarter - 1] as number;
  const year = quarter === 4 ? start + 1 : start;
  const from = `${year}-${String(firstMonth).padStart(2, "0")}-01`;
  return { from: startOfDayIst(from), to: startOfDayIst(addMonths(from, 3)) };
}
