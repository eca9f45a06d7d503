// The server's own pass over a store report's bytes, made while PostgreSQL's COPY reads the same file
// (decisions 054 and 057): what COPY cannot be trusted with, and what the database would otherwise
// have to read the whole copied table again for.
import fs from "node:fs";
import { REPORT_RUPEES_PLAIN, REPORT_WHOLE_PLAIN } from "#domain/reports";

/**
 * Bytes scanned between two turns of the event loop: a quarter of what COPY's feed reads at a time
 * (`copyCsvFile`), so that the feed runs ahead at the database's pace instead of one read per chunk
 * scanned.
 */
const SCAN_CHUNK_BYTES = 256 * 1024;

export interface ScannedFile {
  /** Whether a line starts `\.`: alone on a line, that ends COPY's input early. */
  endMarker: boolean;
  /** The most bytes between two line breaks. */
  longestLine: number;
  /** Whether any `"` is in the file: then a record may span lines. */
  quoted: boolean;
  /** What the lines hold, when every line was read as one record: not when the file has a quote or a line over the limit. */
  lines: ScannedLines | null;
}

export interface ScannedLines {
  /** Lines after the header: COPY's rows, when each line is one record. */
  records: number;
  /** Each distinct date, store, country and currency of a line together, or null past `maxDistinct`. */
  fewValued: string[][] | null;
  /** Each distinct UPC and ISRC of a line together, or null past `maxDistinct`. */
  codes: string[][] | null;
  /** Whether every line's streams, listeners and revenue are plain figures the database may cast. */
  figuresPlain: boolean;
}

/**
 * Reads the file once, a line at a time. `at` says where each of the format's columns
 * (`REPORT_COLUMNS`) sits in a line. A line's cells are what lies between its commas: what COPY reads
 * for a file with no quote, as long as each line is one of COPY's rows (the caller compares `records`
 * with COPY's count; a file with other line breaks, or a line of another width, fails one or the other).
 * Past a line longer than `lineLimit` (a row the server refuses anyway), only lengths are counted, no
 * line is held, and `lines` is null.
 * Read as Latin-1, a character per byte, so lengths are bytes; the values listed are turned back into
 * the UTF-8 text COPY reads them as.
 */
export async function scanReportFile(
  file: string,
  at: readonly number[],
  limits: { maxDistinct: number; lineLimit: number },
): Promise<ScannedFile> {
  let endMarker = false;
  let longestLine = 0;
  let quoted = false;
  let records = -1;
  let fewValued: Set<string> | null = new Set();
  let codes: Set<string> | null = new Set();
  let figuresPlain = true;
  const [date, store, country, upc, isrc, streams, listeners, revenue, currency] = at as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const width = Math.max(...at) + 1;
  // Where each cell of the line being read starts and ends: refilled for each line, and a cell is
  // cut out of the text only when its value is wanted.
  const starts = new Int32Array(width);
  const ends = new Int32Array(width);
  /**
   * A key of some cells, in the order given, each followed by a comma but the last (no cell holds one:
   * the file has no quote). Cells side by side in the line are cut out together: the usual columns
   * (date, store, country; UPC, ISRC) are, so a key is one or two cuts, not a join of four.
   */
  const keyOf = (columns: number[]) => {
    const runs: [number, number][] = [];
    for (const column of columns) {
      const run = runs.at(-1);
      if (run && run[1] === column - 1) run[1] = column;
      else runs.push([column, column]);
    }
    if (runs.length === 1) {
      const [[first, last]] = runs as [[number, number]];
      return (text: string) => text.slice(starts[first], ends[last]);
    }
    return (text: string) => runs.map(([first, last]) => text.slice(starts[first], ends[last])).join(",");
  };
  const fewValuedKey = keyOf([date, store, country, currency]);
  const codesKey = keyOf([upc, isrc]);
  const cell = (text: string, column: number) => text.slice(starts[column], ends[column]);
  /** The last line's few-valued cells: most lines of a report repeat them. */
  let lastFewValued = "";
  const takeLine = (text: string, from: number, to: number) => {
    records += 1;
    if (records === 0) return;
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
    if (fewValued) {
      const key = fewValuedKey(text);
      if (key !== lastFewValued) {
        lastFewValued = key;
        fewValued.add(key);
        if (fewValued.size > limits.maxDistinct) fewValued = null;
      }
    }
    if (codes) {
      codes.add(codesKey(text));
      if (codes.size > limits.maxDistinct) codes = null;
    }
    if (
      figuresPlain &&
      !(
        REPORT_WHOLE_PLAIN.test(cell(text, streams)) &&
        REPORT_WHOLE_PLAIN.test(cell(text, listeners)) &&
        REPORT_RUPEES_PLAIN.test(cell(text, revenue))
      )
    )
      figuresPlain = false;
  };
  /** Whether lines are still read: until a quote, or a line too long to hold. */
  let reading = true;
  /** The line not yet ended, while reading; its length so far, once not. */
  let carry = "";
  let partial = 0;
  let last = "";
  const stopReading = () => {
    reading = false;
    partial = carry.length;
    carry = "";
  };
  for await (const piece of fs.createReadStream(file, { encoding: "latin1", highWaterMark: SCAN_CHUNK_BYTES })) {
    const chunk = piece as string;
    if (/(^|[\r\n])\\\./.test(last + chunk)) {
      endMarker = true;
      break;
    }
    last = chunk.slice(-1);
    if (chunk.includes('"')) {
      quoted = true;
      if (reading) stopReading();
    }
    const text = reading ? carry + chunk : chunk;
    let from = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", from)) {
      if (reading) {
        const end = nl > from && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
        longestLine = Math.max(longestLine, end - from);
        if (end - from > limits.lineLimit) reading = false;
        else takeLine(text, from, end);
      } else {
        longestLine = Math.max(longestLine, partial + nl - from);
        partial = 0;
      }
      from = nl + 1;
    }
    if (reading) {
      carry = text.slice(from);
      if (carry.length > limits.lineLimit) stopReading();
    } else {
      carry = "";
      partial += text.length - from;
    }
    // Room for the rest of the server between chunks, COPY's feed of the same file first: the next
    // chunk may be read already, and taking it at once would starve that feed (it took twice as long).
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!endMarker && reading && carry) {
    longestLine = Math.max(longestLine, carry.length);
    takeLine(carry, 0, carry.length);
  }
  if (!reading) longestLine = Math.max(longestLine, partial);
  const listed = (values: Set<string> | null) => (values ? [...values].map((value) => utf8(value).split(",")) : null);
  return {
    endMarker,
    longestLine,
    quoted,
    lines:
      reading && !endMarker
        ? { records: Math.max(records, 0), fewValued: listed(fewValued), codes: listed(codes), figuresPlain }
        : null,
  };
}

/** Latin-1 text (a character per byte) read back as the UTF-8 it is. */
function utf8(latin1: string): string {
  return /[\u0080-\u00ff]/.test(latin1) ? Buffer.from(latin1, "latin1").toString("utf8") : latin1;
}
