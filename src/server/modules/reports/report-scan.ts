// The server's own pass over a store report's bytes, made while PostgreSQL's COPY reads the same file
// (decision 054): what COPY cannot be trusted with. A file with no quote does not come here: the server
// reads it line by line itself (decision 062).
import fs from "node:fs";

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
}

/**
 * Reads the file once, measuring its lines (no line is held). Read as Latin-1, a character per byte, so
 * lengths are bytes.
 */
export async function scanReportFile(file: string): Promise<ScannedFile> {
  let endMarker = false;
  let longestLine = 0;
  let quoted = false;
  /** The length of the line not yet ended. */
  let partial = 0;
  let last = "";
  for await (const piece of fs.createReadStream(file, { encoding: "latin1", highWaterMark: SCAN_CHUNK_BYTES })) {
    const chunk = piece as string;
    if (/(^|[\r\n])\\\./.test(last + chunk)) {
      endMarker = true;
      break;
    }
    last = chunk.slice(-1);
    if (!quoted && chunk.includes('"')) quoted = true;
    let from = 0;
    for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", from)) {
      const end = nl > from && chunk.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      longestLine = Math.max(longestLine, partial + end - from);
      partial = 0;
      from = nl + 1;
    }
    partial += chunk.length - from;
    // Room for the rest of the server between chunks, COPY's feed of the same file first: the next
    // chunk may be read already, and taking it at once would starve that feed (it took twice as long).
    await new Promise((resolve) => setImmediate(resolve));
  }
  longestLine = Math.max(longestLine, partial);
  return { endMarker, longestLine, quoted };
}
