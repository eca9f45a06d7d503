import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { formatInr } from "#domain/money";
import { acceptedLanguages, localeFromCookies, NAMESPACES, negotiateLocale, rawCatalogues, translate } from "./index";

type Token = string | [string, string?, unknown?];

/** A message's placeholders with their kind ("name", "seconds:plural"), and each plural's cases. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (typeof token === "string") continue;
      const [name, type, format] = token;
      found.add(type ? `${name}:${type}` : name);
      if (format && typeof format === "object") {
        for (const [key, choice] of Object.entries(format)) {
          if (key === "offset") continue;
          found.add(`${name}:${type}:${key}`);
          if (Array.isArray(choice)) walk(choice as Token[]);
        }
      }
    }
  };
  walk(compileMessageOrThrow(message) as Token[]);
  return [...found].sort();
}

/** Messages whose Hindi is the English on purpose: only codes, names and placeholders in them. */
const SAME_IN_BOTH = new Set([
  // An artist's name after a title, and "feat." (stores want it so in every language).
  "qcView.by",
  "qcView.feat",
  "manual.fUpc",
  "qc.asWritten",
  "qc.subject.upc",
  "statementPdf.line",
  "caseThread.fileSize",
  "importPage.upc",
  "adminRel.upc",
  "review.upc",
  "adminUsers.actionOn",
  "adminPay.tds",
  "adminPay.tdsPart",
  "login.emailPlaceholder",
  "features.labelTitle",
  "release.type.ep",
  "releaseCard.explicit",
  "profile.websitePlaceholder",
  "profile.instagram",
  "profile.twitter",
  "form.upc",
  "detail.upc",
  "royalties.upi",
  "royalties.paypal",
  "royalties.tds",
  "form.urlPlaceholder",
  "payee.method.upi",
  "payee.method.paypal",
  "payee.pan",
  "payee.upiId",
  "payee.ifsc",
  "plan.ctaLabel",
  "invoice.gstin",
  "invoice.sac",
  "invoice.igst",
  "invoice.cgst",
  "invoice.sgst",
  "invoice.amountLine",
]);

/** Spellings the glossary (docs/hindi-glossary.md) replaced: every screen uses the one word. */
const NOT_OUR_WORDS = [
  "रिलीज ",
  "रिलीज।",
  "रायल्टी",
  "रॉयल्टीज़",
  "मदद केंद्र",
  "डेशबोर्ड",
  "प्लेटफार्म",
  "ई-मेल",
  "संस्करण",
  "लिरिक्स",
];

describe("the message catalogues (issue 39)", () => {
  it("have the same keys in English and Hindi, part by part, and no key in two parts", async () => {
    const catalogues = await rawCatalogues();
    const seen = new Map<string, string>();
    for (const part of NAMESPACES) {
      const en = Object.keys(catalogues.en[part]).sort();
      const hi = Object.keys(catalogues.hi[part]).sort();
      expect({ part, missingInHindi: en.filter((k) => !hi.includes(k)) }).toEqual({ part, missingInHindi: [] });
      expect({ part, onlyInHindi: hi.filter((k) => !en.includes(k)) }).toEqual({ part, onlyInHindi: [] });
      for (const key of en) {
        expect(seen.get(key), `${key} is in both ${seen.get(key)} and ${part}`).toBeUndefined();
        seen.set(key, part);
      }
    }
  });

  it("use the same placeholders, plurals and cases in both languages, and every message is valid ICU", async () => {
    const catalogues = await rawCatalogues();
    const differ: string[] = [];
    for (const part of NAMESPACES) {
      for (const [key, en] of Object.entries(catalogues.en[part])) {
        const hi = catalogues.hi[part][key];
        if (typeof en !== "string" || typeof hi !== "string") throw new Error(`${key} is not text`);
        if (placeholders(en).join() !== placeholders(hi).join()) differ.push(key);
      }
    }
    expect(differ).toEqual([]);
  });

  it("have Hindi written in Devanagari, not English left in place, with the glossary's words", async () => {
    const { en, hi } = await rawCatalogues();
    const untranslated: string[] = [];
    const offGlossary: string[] = [];
    for (const part of NAMESPACES) {
      for (const [key, text] of Object.entries(hi[part])) {
        const value = String(text);
        if (!SAME_IN_BOTH.has(key) && (value === en[part][key] || !/[\u0900-\u097F]/.test(value))) {
          // A language's own name ("English" on the switch) is written in that language.
          if (key !== "language.switchTo") untranslated.push(key);
        }
        if (NOT_OUR_WORDS.some((word) => `${value} `.includes(word))) offGlossary.push(key);
      }
    }
    expect(untranslated).toEqual([]);
    expect(offGlossary).toEqual([]);
  });

  it("say a message in the reader's language, with ICU plurals and Indian money", () => {
    expect(translate("en", "accountLocked", { seconds: 1 })).toContain("Try again in 1 second,");
    expect(translate("en", "accountLocked", { seconds: 30 })).toContain("Try again in 30 seconds,");
    expect(translate("hi", "accountLocked", { seconds: 30 })).toContain("30 सेकंड बाद");
    expect(translate("hi", "register.passwordsDoNotMatch")).toBe("दोनों पासवर्ड एक जैसे नहीं हैं");
    expect(translate("en", "register.passwordsDoNotMatch")).toBe("Passwords do not match");
    expect(formatInr(10_000_050, { locale: "hi" })).toBe("₹1,00,000.50");
    expect(formatInr(10_000_000, { locale: "en" })).toBe("₹1,00,000");
  });
});

describe("choosing the language (issue 39)", () => {
  it("follows the browser's languages in their order of preference, else English", () => {
    expect(acceptedLanguages("en-GB;q=0.5, hi-IN, fr;q=0.9")).toEqual(["hi-IN", "fr", "en-GB"]);
    expect(negotiateLocale(acceptedLanguages("hi-IN,hi;q=0.9,en;q=0.8"))).toBe("hi");
    expect(negotiateLocale(acceptedLanguages("fr-FR, en;q=0.2"))).toBe("en");
    expect(negotiateLocale(acceptedLanguages("ta-IN"))).toBe("en");
    expect(negotiateLocale(acceptedLanguages(""))).toBe("en");
    expect(negotiateLocale(acceptedLanguages("hi;q=0, en"))).toBe("en");
  });

  it("reads the visitor's choice from the cookie, and nothing else from it", () => {
    expect(localeFromCookies("a=1; kalrav_lang=hi; b=2")).toBe("hi");
    expect(localeFromCookies("kalrav_lang=fr")).toBeNull();
    expect(localeFromCookies(undefined)).toBeNull();
  });
});
