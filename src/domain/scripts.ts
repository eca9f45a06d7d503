import { labelsAt, t } from "./i18n";
/**
 * Music in its own script (issue 39): a title typed in Devanagari, Bengali, Gurmukhi, Tamil… keeps
 * that form, with a Latin transliteration beside it that stores need. Which script a text is in, and
 * the stores' style rules for titles in two forms. Pure functions: the form, the schema and the ERN
 * use them. The suggested transliteration is in transliteration.ts, so only the form loads its tables.
 */

/** The Indian scripts we take, with their ISO 15924 code, Unicode block and sanscript's scheme. */
export const INDIC_SCRIPTS = [
  { code: "Deva", name: "Devanagari", scheme: "devanagari", block: /[\u0900-\u097F]/ },
  { code: "Beng", name: "Bengali", scheme: "bengali", block: /[\u0980-\u09FF]/ },
  { code: "Guru", name: "Gurmukhi", scheme: "gurmukhi", block: /[\u0A00-\u0A7F]/ },
  { code: "Gujr", name: "Gujarati", scheme: "gujarati", block: /[\u0A80-\u0AFF]/ },
  { code: "Orya", name: "Odia", scheme: "oriya", block: /[\u0B00-\u0B7F]/ },
  // sanscript's plain "tamil" scheme reads த as "dha"; the extended one as "ta", as Tamil speakers do.
  { code: "Taml", name: "Tamil", scheme: "tamil_extended", block: /[\u0B80-\u0BFF]/ },
  { code: "Telu", name: "Telugu", scheme: "telugu", block: /[\u0C00-\u0C7F]/ },
  { code: "Knda", name: "Kannada", scheme: "kannada", block: /[\u0C80-\u0CFF]/ },
  { code: "Mlym", name: "Malayalam", scheme: "malayalam", block: /[\u0D00-\u0D7F]/ },
] as const;
export type IndicScript = (typeof INDIC_SCRIPTS)[number]["code"];
export type ScriptCode = IndicScript | "Latn";

const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;
const LETTER = /\p{L}/u;

/** The scripts of a text's letters (digits, marks, spaces and punctuation belong to none). */
export function scriptsIn(text: string): Set<ScriptCode | "Other"> {
  const found = new Set<ScriptCode | "Other">();
  for (const ch of text) {
    const indic = INDIC_SCRIPTS.find((s) => s.block.test(ch));
    if (indic) found.add(indic.code);
    else if (LATIN_LETTER.test(ch)) found.add("Latn");
    else if (LETTER.test(ch)) found.add("Other");
  }
  return found;
}

/** The one Indian script a text is written in, or null (Latin, no letters, or several scripts). */
export function indicScriptOf(text: string): IndicScript | null {
  const scripts = [...scriptsIn(text)];
  return scripts.length === 1 && scripts[0] !== "Latn" && scripts[0] !== "Other" ? (scripts[0] as IndicScript) : null;
}

/** Whether a text needs a Latin form beside it: it has letters of an Indian script. */
export const needsTransliteration = (text: string) => [...scriptsIn(text)].some((s) => s !== "Latn" && s !== "Other");

/** Letters only in Latin script (accents allowed): what a transliteration must be. */
export const isLatinOnly = (text: string) => [...scriptsIn(text)].every((s) => s === "Latn");

export const SCRIPT_MESSAGES = Object.assign(
  labelsAt("script.msg", [
    "latinRequired",
    "latinNotLatin",
    "mixed",
    "translation",
    "languageMissing",
    "latinLabel",
    "latinHint",
    "versionLatinRequired",
    "versionMixed",
    "versionLatinLabel",
    "versionLatinHint",
  ]),
  {
    trackLatinLabel: (n: number) => t("script.msg.trackLatinLabel", { n }),
    trackVersionLatinLabel: (n: number) => t("script.msg.trackVersionLatinLabel", { n }),
  },
);

/**
 * The same rules for a version ("लाइव", "अनप्लग्ड"), which stores show after the title: in one script,
 * with its Latin form when it is in an Indian script. A version has no translation rule (a bracket is
 * common in one).
 */
export function versionScriptProblem(version: string, latin: string): string | null {
  const indic = [...scriptsIn(version)].filter((s) => s !== "Latn" && s !== "Other");
  if (indic.length && (indic.length > 1 || scriptsIn(version).has("Latn"))) return SCRIPT_MESSAGES.versionMixed;
  if (indic.length === 1 && !latin.trim()) return SCRIPT_MESSAGES.versionLatinRequired;
  if (latin.trim() && !isLatinOnly(latin)) return SCRIPT_MESSAGES.latinNotLatin;
  return null;
}

/**
 * What the stores' style rules say of a title and its Latin form, or null when they agree: a title in
 * an Indian script needs its Latin form; a title is in one script; a translation never sits beside it.
 */
export function titleScriptProblem(
  title: string,
  latin: string,
): { field: "title" | "titleLatin"; message: string } | null {
  const scripts = scriptsIn(title);
  const indic = [...scripts].filter((s) => s !== "Latn" && s !== "Other");
  if (indic.length && scripts.has("Latn")) {
    // "दिल / Heart", "दिल (Heart)": a translation beside the title, not a title in two scripts.
    const translated = /[/|]|\(.*\)|\[.*\]/.test(title);
    return { field: "title", message: translated ? SCRIPT_MESSAGES.translation : SCRIPT_MESSAGES.mixed };
  }
  if (indic.length > 1) return { field: "title", message: SCRIPT_MESSAGES.mixed };
  if (indic.length === 1 && !latin.trim()) return { field: "titleLatin", message: SCRIPT_MESSAGES.latinRequired };
  if (latin.trim() && !isLatinOnly(latin)) return { field: "titleLatin", message: SCRIPT_MESSAGES.latinNotLatin };
  return null;
}
