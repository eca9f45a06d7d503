/**
 * The Latin form we suggest for a title in an Indian script (issue 39), apart from scripts.ts so that
 * sanscript's tables (about 190 KB) load only with the form that suggests, not with every schema.
 */
import Sanscript from "@indic-transliteration/sanscript";
import { INDIC_SCRIPTS, type IndicScript } from "./scripts";

/** Scripts whose languages drop a word's final inherent vowel ("dila" is said "dil"); the Dravidian ones keep it. */
const DROPS_FINAL_VOWEL: readonly IndicScript[] = ["Deva", "Beng", "Guru", "Gujr", "Orya"];

/** In IAST, a final short "a" after a consonant is the inherent vowel ("dila"); a long "ā" is written. */
const dropFinalSchwa = (word: string) =>
  word.length > 2 && /[^aeiouāīūṛ]a$/.test(word) && !/(ya|va)$/.test(word) ? word.slice(0, -1) : word;

/**
 * The Latin form we suggest for a title in an Indian script: sanscript's IAST, then plain letters
 * (no diacritics), the final inherent vowel dropped, each word capitalised. Only a suggestion: the
 * artist edits it, since names are spelled as their owners spell them.
 */
export function suggestTransliteration(text: string): string {
  const words = text.split(/(\s+)/);
  return words
    .map((part) => {
      const script = INDIC_SCRIPTS.find((s) => s.block.test(part));
      if (!script) return part;
      const iast = Sanscript.t(part, script.scheme, "iast").toLowerCase();
      const latin = (DROPS_FINAL_VOWEL.includes(script.code) ? dropFinalSchwa(iast) : iast)
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        // Anything sanscript left unmapped (a nukta, a sign it does not know) is dropped.
        .replace(/[^\p{Script=Latin}\p{N}\p{P}\s]/gu, "");
      return latin.charAt(0).toUpperCase() + latin.slice(1);
    })
    .join("");
}

/**
 * The Latin form we suggest for lyrics: each line as a sentence (its first letter capitalised, the
 * rest as said), not as a title.
 */
export function suggestLyricsTransliteration(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const latin = suggestTransliteration(line).toLowerCase();
      const first = latin.search(/\p{L}/u);
      return first < 0 ? latin : latin.slice(0, first) + latin.charAt(first).toUpperCase() + latin.slice(first + 1);
    })
    .join("\n");
}
