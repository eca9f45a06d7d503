/**
 * GST on what we sell (issue 18). Catalogue prices include GST: the price a person sees is what they
 * pay, and invoices show the tax inside it. Intra-state supplies carry CGST and SGST (equal halves),
 * inter-state ones IGST; the place of supply is the customer's billing state. All amounts are paise.
 */
import { DEFAULT_LOCALE, type Locale } from "./i18n";

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

/**
 * Hindi has its own word for each number below a hundred (इक्कीस, not "बीस एक"), so the words are listed,
 * 0 to 99, as Indian invoices and cheques write them.
 */
const HINDI_BELOW_HUNDRED = (
  "शून्य एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस " +
  "बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस " +
  "छत्तीस सैंतीस अड़तीस उनतालीस चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस " +
  "उनचास पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ इकसठ बासठ तिरेसठ चौंसठ पैंसठ " +
  "छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उनासी " +
  "अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे इक्यानवे बानवे तिरानवे " +
  "चौरानवे पचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे"
).split(" ");

/** Each language's words for the parts of an Indian number. */
const NUMBER_WORDS: Record<Locale, { zero: string; belowHundred: (n: number) => string; scales: string[] }> = {
  en: { zero: "Zero", belowHundred, scales: ["Hundred", "Thousand", "Lakh", "Crore"] },
  hi: { zero: "शून्य", belowHundred: (n) => HINDI_BELOW_HUNDRED[n] ?? "", scales: ["सौ", "हज़ार", "लाख", "करोड़"] },
};

/**
 * A whole number in words, Indian style (thousand, lakh, crore): 125000 → "One Lakh Twenty-Five
 * Thousand", in Hindi "एक लाख पच्चीस हज़ार".
 */
export function numberInWords(n: number, locale: Locale = DEFAULT_LOCALE): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError("a whole number ≥ 0");
  const words = NUMBER_WORDS[locale];
  if (n === 0) return words.zero;
  const [hundredWord, thousandWord, lakhWord, croreWord] = words.scales;
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const hundreds = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  if (crore) parts.push(`${numberInWords(crore, locale)} ${croreWord}`);
  if (lakh) parts.push(`${words.belowHundred(lakh)} ${lakhWord}`);
  if (thousand) parts.push(`${words.belowHundred(thousand)} ${thousandWord}`);
  if (hundreds) parts.push(`${words.belowHundred(hundreds)} ${hundredWord}`);
  if (rest) parts.push(words.belowHundred(rest));
  return parts.join(" ");
}

/**
 * An invoice's total in words: "Rupees Nine Hundred Ninety-Nine and Fifty Paise Only", in Hindi
 * "नौ सौ निन्यानवे रुपये और पचास पैसे मात्र".
 */
export function amountInWords(paise: number, locale: Locale = DEFAULT_LOCALE): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (locale === "hi")
    return `${numberInWords(rupees, locale)} रुपये${rest ? ` और ${numberInWords(rest, locale)} पैसे` : ""} मात्र`;
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
