import { labelsAt, t } from "./i18n";
/** GS1 check digit of the digits before it (GTIN-8/12/13/14: UPC-A and EAN-13 among them). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A UPC-A (12 digits) or EAN-13 (13 digits) code whose last digit is its GS1 check digit. */
export function isValidUpcEan(code: string): boolean {
  if (!/^\d{12,13}$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** An ISRC written without hyphens: country (2 letters), registrant (3 alphanumerics), year (2), designation (5). */
export function isValidIsrc(code: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(code);
}

/** Accepts the hyphenated form people copy from certificates (IN-K7L-26-00001) and stores it bare. */
export function normaliseIsrc(code: string): string {
  return code.replace(/-/g, "").trim().toUpperCase();
}

/** A registrant code as configured: country and registrant, "IN-K7L" or "INK7L". */
export function isValidIsrcRegistrant(code: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{3}$/.test(code.replace(/-/g, "").toUpperCase());
}

export const ISRC_DESIGNATIONS_PER_YEAR = 99_999;

/** The ISRC with designation `sequence` (1-based) of `year` for a registrant. */
export function isrcFor(registrant: string, year: number, sequence: number): string {
  if (!isValidIsrcRegistrant(registrant)) throw new Error(`Invalid ISRC registrant code: ${registrant}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > ISRC_DESIGNATIONS_PER_YEAR) {
    throw new RangeError("This year's ISRC designations are used up.");
  }
  const yy = String(year % 100).padStart(2, "0");
  return `${registrant.replace(/-/g, "").toUpperCase()}${yy}${String(sequence).padStart(5, "0")}`;
}

/** A GS1 company prefix we may number releases under: 6 to 11 digits, leaving room for items. */
export function isValidGs1Prefix(prefix: string): boolean {
  return /^\d{6,11}$/.test(prefix);
}

/** How many EAN-13 codes a prefix can number (item references fill the digits before the check digit). */
export function upcCapacity(prefix: string): number {
  return 10 ** (12 - prefix.length);
}

/** The EAN-13 with item reference `sequence` (0-based) under a GS1 company prefix. */
export function eanFor(prefix: string, sequence: number): string {
  if (!isValidGs1Prefix(prefix)) throw new Error(`Invalid GS1 company prefix: ${prefix}`);
  if (!Number.isInteger(sequence) || sequence < 0 || sequence >= upcCapacity(prefix)) {
    throw new RangeError("The GS1 prefix range is used up.");
  }
  const body = prefix + String(sequence).padStart(12 - prefix.length, "0");
  return body + gs1CheckDigit(body);
}

/** The one form a UPC/EAN is claimed and matched in: EAN-13 (a 12-digit UPC-A gains its leading zero). */
export function canonicalUpc(code: string): string {
  const digits = code.trim();
  return digits.length === 12 ? `0${digits}` : digits;
}

/**
 * Whether a code is numbered from our own ranges (our GS1 prefix, our ISRC registrant): those are
 * ours to assign, never an artist's to type (issue 33: typed codes in our range exhausted it).
 */
export function isInOurRange(code: string, kind: "upc" | "isrc", ours: { gs1Prefix: string; isrcRegistrant: string }) {
  return kind === "upc"
    ? canonicalUpc(code).startsWith(ours.gs1Prefix)
    : code.toUpperCase().startsWith(ours.isrcRegistrant.replace(/-/g, "").toUpperCase());
}

/** Why a code cannot be used on this release, in words the artist can act on. */
export const IDENTIFIER_MESSAGES = Object.assign(labelsAt("identifier.msg", ["deliveredUpcFixed", "disputeHint"]), {
  upcTaken: (code: string) => t("identifier.msg.upcTaken", { code }),
  upcTakenByOwn: (code: string, title: string) => t("identifier.msg.upcTakenByOwn", { code, title }),
  isrcTaken: (code: string, position: number) => t("identifier.msg.isrcTaken", { code, position }),
  isrcTakenByOwn: (code: string, position: number, title: string) =>
    t("identifier.msg.isrcTakenByOwn", { code, position, title }),
  upcReserved: (code: string) => t("identifier.msg.upcReserved", { code }),
  isrcReserved: (code: string, position: number) => t("identifier.msg.isrcReserved", { code, position }),
  disputeOpened: (code: string) => t("identifier.msg.disputeOpened", { code }),
  disputeNotHeld: (code: string) => t("identifier.msg.disputeNotHeld", { code }),
});
