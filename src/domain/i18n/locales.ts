/**
 * The languages Kalrav speaks (issue 39, decision 042) and how a request or a browser picks one:
 * a choice made (the signed-in user's, or the visitor's cookie), else the browser's languages, else
 * English.
 */
export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's name in itself, as a switch offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };
/** The BCP 47 tag Intl formats with: Indian English and Hindi (₹, lakh grouping, Latin digits). */
export const INTL_LOCALES: Record<Locale, string> = { en: "en-IN", hi: "hi-IN" };

/** The visitor's choice, kept in the browser; the server reads it to serve the page in that language. */
export const LOCALE_COOKIE = "kalrav_lang";
/** `?lang=hi` on a public address: the page in that language (its hreflang alternate). */
export const LOCALE_QUERY = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The first of the listed language tags ("hi-IN", "en") we speak, or English. */
export function negotiateLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, most wanted first ("hi-IN,hi;q=0.9,en;q=0.8"). */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== "*" && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/** The language a Cookie header chose, or null. */
export function localeFromCookies(header: string | undefined | null): Locale | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/** The cookie that keeps a visitor's choice for a year. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
