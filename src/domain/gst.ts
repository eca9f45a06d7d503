/**
 * GST on what we sell (issue 18). Catalogue prices include GST: the price a person sees is what they
 * pay, and invoices show the tax inside it. Intra-state supplies carry CGST and SGST (equal halves),
 * inter-state ones IGST; the place of supply is the customer's billing state. All amounts are paise.
 */

/** SAC 998439: other online contents (the service of distributing music online). */
export const GST_SAC = "998439";
export const DEFAULT_GST_RATE_PERCENT = 18;

export interface GstBreakdown {
  /** What was paid, tax included. */
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  ratePercent: number;
  interState: boolean;
}

/**
 * Splits a GST-inclusive amount. Intra-state, CGST and SGST are equal (each half the rate, rounded to
 * the paisa) and the taxable value takes the rounding, so the three always add up to the total.
 */
export function splitInclusive(
  totalPaise: number,
  opts: { ratePercent?: number; supplierState: string; customerState: string },
): GstBreakdown {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError("an amount is whole paise, ≥ 0");
  const ratePercent = opts.ratePercent ?? DEFAULT_GST_RATE_PERCENT;
  const interState = normaliseState(opts.customerState) !== normaliseState(opts.supplierState);
  if (interState) {
    const igstPaise = Math.round((totalPaise * ratePercent) / (100 + ratePercent));
    return {
      totalPaise,
      taxablePaise: totalPaise - igstPaise,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise,
      ratePercent,
      interState,
    };
  }
  const half = Math.round((totalPaise * ratePercent) / 2 / (100 + ratePercent));
  return {
    totalPaise,
    taxablePaise: totalPaise - 2 * half,
    cgstPaise: half,
    sgstPaise: half,
    igstPaise: 0,
    ratePercent,
    interState,
  };
}

const normaliseState = (state: string) => state.trim().toLowerCase();

/** "KAL/2026-27/000042": invoice numbers run without gaps within a financial year. */
export function invoiceNumber(fy: string, sequence: number): string {
  return `KAL/${fy}/${String(sequence).padStart(6, "0")}`;
}

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)]}${ones ? `-${ONES[ones]}` : ""}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""].filter(Boolean).join(" ");
}

/** A whole number in words, Indian style (thousand, lakh, crore): 125000 → "One Lakh Twenty-Five Thousand". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError("a whole number ≥ 0");
  if (n === 0) return "Zero";
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** An invoice's total in words: "Rupees Nine Hundred Ninety-Nine and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${numberInWords(rest)} Paise` : ""} Only`;
}

/** India's states and union territories with their GST state codes (the first two digits of a GSTIN). */
export const INDIAN_STATES = [
  { code: "35", name: "Andaman and Nicobar Islands" },
  { code: "37", name: "Andhra Pradesh" },
  { code: "12", name: "Arunachal Pradesh" },
  { code: "18", name: "Assam" },
  { code: "10", name: "Bihar" },
  { code: "04", name: "Chandigarh" },
  { code: "22", name: "Chhattisgarh" },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu" },
  { code: "07", name: "Delhi" },
  { code: "30", name: "Goa" },
  { code: "24", name: "Gujarat" },
  { code: "06", name: "Haryana" },
  { code: "02", name: "Himachal Pradesh" },
  { code: "01", name: "Jammu and Kashmir" },
  { code: "20", name: "Jharkhand" },
  { code: "29", name: "Karnataka" },
  { code: "32", name: "Kerala" },
  { code: "38", name: "Ladakh" },
  { code: "31", name: "Lakshadweep" },
  { code: "23", name: "Madhya Pradesh" },
  { code: "27", name: "Maharashtra" },
  { code: "14", name: "Manipur" },
  { code: "17", name: "Meghalaya" },
  { code: "15", name: "Mizoram" },
  { code: "13", name: "Nagaland" },
  { code: "21", name: "Odisha" },
  { code: "34", name: "Puducherry" },
  { code: "03", name: "Punjab" },
  { code: "08", name: "Rajasthan" },
  { code: "11", name: "Sikkim" },
  { code: "33", name: "Tamil Nadu" },
  { code: "36", name: "Telangana" },
  { code: "16", name: "Tripura" },
  { code: "09", name: "Uttar Pradesh" },
  { code: "05", name: "Uttarakhand" },
  { code: "19", name: "West Bengal" },
] as const;
export type IndianStateName = (typeof INDIAN_STATES)[number]["name"];
export const INDIAN_STATE_NAMES = INDIAN_STATES.map((s) => s.name) as [IndianStateName, ...IndianStateName[]];

export function stateCode(name: string): string | null {
  return INDIAN_STATES.find((s) => s.name === name)?.code ?? null;
}

/** A GSTIN: state code, PAN, entity number, 'Z', check character (format only). */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** A GSTIN is registered in one state: its first two digits must be that state's code. */
export function gstinMatchesState(gstin: string, stateName: string): boolean {
  return gstin.slice(0, 2) === stateCode(stateName);
}
