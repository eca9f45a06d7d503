import { PDFParse } from "pdf-parse";

/** The text a PDF draws, as a reader's copy would extract it. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: pdf });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/**
 * A text as it reads back from a PDF, for comparing Devanagari (issue 39): extraction gives the glyphs
 * in visual order (ि before its consonant, ो as ा and े), with spaces where clusters meet and a stray
 * control character after some vowels (ई). Both sides are compared without those, so a glyph that was
 * not drawn still fails.
 */
export const visualText = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the extractor's stray control characters.
    .replace(/[\u0000-\u001F]/g, "")
    .replace(/\u093F/g, "")
    .replace(/\u094B/g, "\u093E\u0947")
    .replace(/\s+/g, "");
