import { describe, expect, it } from "vitest";
import { pdfText as textOf } from "#server/test/pdf-text";
import { createPdf, scriptRuns } from "./pdf";

describe("PDFs in every script we print", () => {
  it("splits text into runs of one script; ₹ goes with Devanagari, spaces stay in their run", () => {
    expect(scriptRuns("दिल की बात / Spotify: ₹1.00")).toEqual([
      { face: "devanagari", text: "दिल की बात " },
      { face: "latin", text: "/ Spotify: " },
      { face: "devanagari", text: "₹" },
      { face: "latin", text: "1.00" },
    ]);
    expect(scriptRuns("বৃষ্টির গান").map((r) => r.face)).toEqual(["bengali"]);
    expect(scriptRuns("ਪੰਜਾਬ தமிழ் తెలుగు ಕನ್ನಡ മലയാളം ગુજરાતી ଓଡ଼ିଆ").map((r) => r.face)).toEqual([
      "gurmukhi",
      "tamil",
      "telugu",
      "kannada",
      "malayalam",
      "gujarati",
      "oriya",
    ]);
  });

  it("embeds fonts that have the glyphs: the text comes back out, with ₹, not WinAnsi mojibake", async () => {
    const pdf = createPdf({ title: "test" });
    pdf.text("Release: दिल की बात", { bold: true });
    pdf.text("Earnings: ₹1,234.50");
    pdf.text("বাংলা গান: ₹7.00");
    for (const line of ["ਪੰਜਾਬ", "தமிழ்", "తెలుగు", "ಕನ್ನಡ", "മലയാളം", "ગુજરાતી", "ଓଡ଼ିଆ"]) pdf.text(line);
    const text = await textOf(new Uint8Array(await pdf.end()));
    expect(text).toContain("Earnings: ₹1,234.50");
    expect(text).toContain("₹7.00");
    // No character fell back to a missing glyph (NUL) or an unmapped one.
    expect([...text].filter((ch) => ch.charCodeAt(0) < 9)).toEqual([]);
    // Devanagari letters are all there (a pre-base vowel sign is drawn, and read back by pdf.js, before
    // its consonant: visual order, which text extraction does not undo).
    for (const word of ["की", "बात"]) expect(text).toContain(word);
    expect(text).toMatch(/ि?दि?ल/);
  });
});
