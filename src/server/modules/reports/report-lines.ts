// A store report with no quote in it, read by the server a line at a time (decision 062): a line is then
// a record and its cells are what lies between its commas, as csv-parse reads it, without a parser's
// work per character or an object per record.
import fs from "node:fs";

/** Bytes read at a time. */
const CHUNK_BYTES = 1 << 20;
const QUOTE = 0x22;

/** Why a file is not read line by line (it is then read the way it was before, with COPY or csv-parse). */
export type LinesRefused =
  /** A line break csv-parse would read otherwise (a lone CR, or LF and CRLF mixed). */
  | "line-breaks"
  /** A line longer than the limit: csv-parse refuses the file, with its own words. */
  | "long-line";

/**
 * The cells of the line being read: `starts[i]` to `ends[i]` of `text` is cell `i`, for the first
 * `width` cells (a missing one is empty). Refilled for each line.
 */
export interface LineCells {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

/** Whether a `"` is anywhere in the file (a pass at the speed of memchr, before any row is read). */
export async function hasQuote(file: string): Promise<boolean> {
  for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
    if ((chunk as Buffer).includes(QUOTE)) return true;
  }
  return false;
}

/**
 * Reads a file with no quote (`hasQuote` says which) a line at a time, after its header (its first
 * line that is not empty), and hands each line's first `width` cells to `onLine` with its number (the
 * header's is 1), as csv-parse numbers records: empty lines are skipped but counted. Records end where
 * csv-parse would end them: at the line break the header line ends with (CRLF or LF), the last one
 * also at the end of the file. `onLine` answers a promise only when it must be waited for. A CR
 * anywhere but before a LF that ends a line of a file whose header line ends with CRLF is left to
 * csv-parse (which keeps it in its cell, yet counts a line). The file is read as Latin-1, a character
 * per byte, so commas and line breaks are found without decoding (no UTF-8 sequence holds their
 * bytes); the cells are turned back into the UTF-8 they are by whoever reads them (`utf8`). Answers why
 * it stopped, if it did: then some lines were handed over and the rest were not.
 */
export async function readPlainLines(
  file: string,
  width: number,
  lineLimit: number,
  onLine: (line: number, cells: LineCells) => Promise<void> | undefined,
): Promise<LinesRefused | null> {
  const cells: LineCells = { text: "", starts: new Int32Array(width), ends: new Int32Array(width) };
  const { starts, ends } = cells;
  /** Whether records end at CRLF (decided by the header line's end), or at LF. */
  let crlf: boolean | undefined;
  let line = 0;
  /** Whether the header has been read: the first line that is not empty, as csv-parse reads it. */
  let headed = false;
  let carry = "";
  const take = (text: string, from: number, to: number): Promise<void> | undefined => {
    line += 1;
    if (to === from) return undefined;
    if (!headed) {
      headed = true;
      return undefined;
    }
    for (let column = 0; column < width; column++) {
      starts[column] = from;
      const comma = text.indexOf(",", from);
      if (comma === -1 || comma >= to) {
        ends[column] = to;
        for (let rest = column + 1; rest < width; rest++) starts[rest] = ends[rest] = to;
        break;
      }
      ends[column] = comma;
      from = comma + 1;
    }
    cells.text = text;
    return onLine(line, cells);
  };
  for await (const piece of fs.createReadStream(file, { encoding: "latin1", highWaterMark: CHUNK_BYTES })) {
    const text = carry + (piece as string);
    if (crlf === undefined) {
      // csv-parse ends records at the first line break it meets, whichever it is, and at that one only.
      const nl = text.indexOf("\n");
      if (nl !== -1) crlf = nl > 0 && text.charCodeAt(nl - 1) === 13;
    }
    // Any other CR (which csv-parse keeps in its cell, but counts as a line) is left to csv-parse. One
    // at the end of the text may be followed by a LF in the next chunk: it is looked at again then.
    for (let cr = text.indexOf("\r"); cr !== -1 && cr < text.length - 1; cr = text.indexOf("\r", cr + 1)) {
      if (crlf !== true || text.charCodeAt(cr + 1) !== 10) return "line-breaks";
    }
    let from = 0;
    for (let nl = text.indexOf("\n", from); nl !== -1; nl = text.indexOf("\n", from)) {
      const cr = nl > from && text.charCodeAt(nl - 1) === 13;
      if (cr !== crlf) return "line-breaks";
      const end = cr ? nl - 1 : nl;
      if (end - from > lineLimit) return "long-line";
      const waited = take(text, from, end);
      if (waited) await waited;
      from = nl + 1;
    }
    carry = text.slice(from);
    if (carry.length > lineLimit) return "long-line";
  }
  if (carry) {
    // The last line, with no line break after it: a CR at its end is not one csv-parse ends it at.
    if (carry.endsWith("\r")) return "line-breaks";
    const waited = take(carry, 0, carry.length);
    if (waited) await waited;
  }
  return null;
}

/** Latin-1 text (a character per byte) read back as the UTF-8 it is. */
export function utf8(latin1: string): string {
  return /[\u0080-\u00ff]/.test(latin1) ? Buffer.from(latin1, "latin1").toString("utf8") : latin1;
}

/**
 * The key of some cells of a line, in the order given, each followed by a comma but the last (no cell of
 * a file with no quote holds one). Cells side by side in the line are cut out together: the usual
 * columns (date, store, country; UPC, ISRC) are, so a key is one or two cuts, not a join of four. A line
 * whose cells are the last line's answers the very same string, cut out of nothing (most lines of a
 * report repeat their date, store and country).
 */
export function keyOf(columns: readonly number[]): (cells: LineCells) => string {
  const runs: [number, number][] = [];
  for (const column of columns) {
    const run = runs.at(-1);
    if (run && run[1] === column - 1) run[1] = column;
    else runs.push([column, column]);
  }
  /** The last line's text of each run, and its key. */
  const parts = runs.map(() => "");
  let last = "";
  return ({ text, starts, ends }) => {
    let same = last !== "";
    for (let k = 0; same && k < runs.length; k++) {
      const [first, end] = runs[k] as [number, number];
      const part = parts[k] as string;
      const from = starts[first] as number;
      same = (ends[end] as number) - from === part.length && text.startsWith(part, from);
    }
    if (same) return last;
    for (let k = 0; k < runs.length; k++) {
      const [first, end] = runs[k] as [number, number];
      parts[k] = text.slice(starts[first], ends[end]);
    }
    last = parts.length === 1 ? (parts[0] as string) : parts.join(",");
    return last;
  };
}

/** Whether characters `from` to `to` of `text` are what `pattern` (anchored at both ends) matches. */
export function matchesAt(pattern: RegExp, text: string, from: number, to: number): boolean {
  pattern.lastIndex = from;
  return pattern.test(text) && pattern.lastIndex === to;
}

/** An anchored pattern (`^…$`) as one `matchesAt` tries at a position in a longer text, cutting nothing out. */
export function stickyOf(anchored: RegExp): RegExp {
  return new RegExp(anchored.source.replace(/^\^/, "").replace(/\$$/, ""), "y");
}

/**
 * CSV lines for COPY, gathered as bytes (decision 062): a million rows' lines built as strings and
 * joined a batch at a time were a second of an import's.
 */
export class CsvBatch {
  private buffer = Buffer.allocUnsafe(1 << 21);
  private at = 0;
  /** The lines gathered. */
  rows = 0;

  private room(bytes: number) {
    if (this.at + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }

  /** A whole line, as text. */
  line(text: string) {
    this.room(Buffer.byteLength(text) + 1);
    this.at += this.buffer.write(text, this.at, "utf8");
    this.buffer[this.at++] = 10;
    this.rows += 1;
  }

  /** Bytes as they are. */
  bytes(bytes: Buffer) {
    this.room(bytes.length);
    // The typed array's own copy: Buffer's `copy` makes a view of its source for each call.
    this.buffer.set(bytes, this.at);
    this.at += bytes.length;
  }

  /** ASCII text as it is: characters `from` to `to` of `text` (all of it by default). */
  ascii(text: string, from = 0, to = text.length) {
    this.room(to - from);
    for (let i = from; i < to; i++) this.buffer[this.at++] = text.charCodeAt(i);
  }

  /**
   * A whole number of at most 15 digits (a figure in paise), in decimal: its digits written from the
   * last, with no string made for it.
   */
  whole(value: number) {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    this.room(digits);
    let rest = value;
    for (let i = this.at + digits - 1; i >= this.at; i--) {
      this.buffer[i] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.at += digits;
  }

  /** A comma, or the end of a line. */
  comma() {
    this.room(1);
    this.buffer[this.at++] = 44;
  }
  endLine() {
    this.room(1);
    this.buffer[this.at++] = 10;
    this.rows += 1;
  }

  /**
   * The lines gathered, handed over as a copy of their own size: the batch starts empty again, in the
   * same memory (a fresh buffer a batch kept a hundred of them for the garbage collector).
   */
  take(): Buffer | null {
    if (!this.at) return null;
    const lines = Buffer.from(this.buffer.subarray(0, this.at));
    this.at = 0;
    this.rows = 0;
    return lines;
  }
}
