// Every PDF we make (invoices, statements) writes through here, in Noto Sans with the script of each
// run of text: Latin, and the Indian scripts our artists title music in (issue 33: Helvetica with
// WinAnsi printed "दिल की बात" as mojibake and had no ₹). The fonts come from the @fontsource packages
// (installed by npm ci; WOFF files, which pdfkit's fontkit reads and subsets into the PDF, shaped).
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);

/** Unicode blocks of the Indian scripts, each with its Noto Sans family. */
const SCRIPTS = [
  { name: "devanagari", from: 0x0900, to: 0x097f },
  { name: "bengali", from: 0x0980, to: 0x09ff },
  { name: "gurmukhi", from: 0x0a00, to: 0x0a7f },
  { name: "gujarati", from: 0x0a80, to: 0x0aff },
  { name: "oriya", from: 0x0b00, to: 0x0b7f },
  { name: "tamil", from: 0x0b80, to: 0x0bff },
  { name: "telugu", from: 0x0c00, to: 0x0c7f },
  { name: "kannada", from: 0x0c80, to: 0x0cff },
  { name: "malayalam", from: 0x0d00, to: 0x0d7f },
] as const;
type Face = "latin" | "latin-ext" | (typeof SCRIPTS)[number]["name"];
type Weight = 400 | 700;

const RUPEE = 0x20b9;
/** OpenType positioning features turned off (see Gurmukhi below); substitution features stay on. */
const NO_POSITIONING = { kern: false, mark: false, mkmk: false, dist: false, abvm: false, blwm: false } as never;
/** Joiners and other marks that belong to the run they stand in. */
const JOINERS = new Set([0x200c, 0x200d, 0x25cc]);

function fontFile(face: Face, weight: Weight): string {
  if (face === "latin" || face === "latin-ext") {
    return require.resolve(`@fontsource/noto-sans/files/noto-sans-${face}-${weight}-normal.woff`);
  }
  const pkg = `noto-sans-${face}`;
  return require.resolve(`@fontsource/${pkg}/files/${pkg}-${face}-${weight}-normal.woff`);
}

/** The face a character is drawn in: its Indian script, ₹ in Devanagari's (it carries the sign), else Latin. */
function faceOf(code: number): Face | null {
  if (JOINERS.has(code)) return null;
  if (code === RUPEE) return "devanagari";
  for (const s of SCRIPTS) if (code >= s.from && code <= s.to) return s.name;
  return code <= 0x00ff || code === 0x2014 || code === 0x2013 || code === 0x2022 || (code >= 0x2018 && code <= 0x201e)
    ? "latin"
    : "latin-ext";
}

/** Splits text into runs of one face; spaces and joiners stay with the run they are in. */
export function scriptRuns(text: string): { face: Face; text: string }[] {
  const runs: { face: Face; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const face = char === " " ? null : faceOf(code);
    const last = runs.at(-1);
    if (last && (face === null || face === last.face)) last.text += char;
    else runs.push({ face: face ?? "latin", text: char });
  }
  return runs;
}

export interface Pdf {
  doc: PDFKit.PDFDocument;
  /** A paragraph of mixed-script text. */
  text(value: string, options?: { bold?: boolean; size?: number }): void;
  moveDown(lines?: number): void;
  /** Finishes the document. */
  end(): Promise<Buffer>;
}

export function createPdf(info: { title: string }): Pdf {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: info.title, Author: "Kalrav" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const registered = new Set<string>();
  const use = (face: Face, weight: Weight) => {
    const name = `${face}-${weight}`;
    if (!registered.has(name)) {
      doc.registerFont(name, fontFile(face, weight));
      registered.add(name);
    }
    doc.font(name);
  };
  let size = 10;
  return {
    doc,
    text(value, options = {}) {
      if (options.size) size = options.size;
      doc.fontSize(size);
      const runs = scriptRuns(value.replace(/[\r\n\t]+/g, " "));
      if (!runs.length) runs.push({ face: "latin", text: " " });
      runs.forEach((run, i) => {
        use(run.face, options.bold ? 700 : 400);
        const continued = i < runs.length - 1;
        // fontkit's mark positioning fails on Noto Sans Gurmukhi's anchors (it throws): Gurmukhi is
        // drawn with its substitutions (conjuncts, vowel signs) but without GPOS positioning.
        doc.text(run.text, run.face === "gurmukhi" ? { continued, features: NO_POSITIONING } : { continued });
      });
    },
    moveDown(lines = 1) {
      doc.moveDown(lines);
    },
    end() {
      doc.end();
      return done;
    },
  };
}
