import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import parseRange from "range-parser";

const streamOf = (filePath: string, start: number, end: number) =>
  Readable.toWeb(createReadStream(filePath, { start, end })) as ReadableStream<Uint8Array>;

/**
 * A stored media file as an HTTP answer that players can seek in: one byte range (206) when asked for
 * one, 416 for a range outside the file, otherwise the whole file. Stored files never change (they are
 * named by their SHA-256), so the browser may keep them privately.
 */
export async function mediaResponse(filePath: string, contentType: string, range: string | undefined) {
  const { size } = await fs.stat(filePath);
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=86400, immutable",
  };
  if (range && size > 0) {
    const ranges = parseRange(size, range, { combine: true });
    if (ranges === -1) {
      return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
    }
    // A malformed header (-2) or several ranges at once: the whole file is a valid answer to either.
    if (ranges !== -2 && ranges.type === "bytes" && ranges.length === 1) {
      const { start, end } = ranges[0] as parseRange.Range;
      return new Response(streamOf(filePath, start, end), {
        status: 206,
        headers: {
          ...headers,
          "Content-Range": `bytes ${start}-${end}/${size}`,
          "Content-Length": String(end - start + 1),
        },
      });
    }
  }
  const body = size > 0 ? streamOf(filePath, 0, size - 1) : null;
  return new Response(body, { status: 200, headers: { ...headers, "Content-Length": String(size) } });
}

/** The type to serve an audio file or artwork as, from what the quality check read in it. */
export function mediaContentType(kind: "audio" | "artwork", format: string | undefined): string {
  if (kind === "audio")
    return format === "flac" ? "audio/flac" : format === "wav" ? "audio/wav" : "application/octet-stream";
  return format === "png" ? "image/png" : format === "jpeg" ? "image/jpeg" : "application/octet-stream";
}
