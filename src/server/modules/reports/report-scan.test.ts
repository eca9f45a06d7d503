import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanReportFile } from "./report-scan";

const HEADER = "date,store,country,upc,isrc,streams,listeners,revenue,currency";
/** Where the format's columns sit in HEADER (what `columnIndexes` answers for it). */
const AT = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const LIMITS = { maxDistinct: 100, lineLimit: 1000 };

describe("the server's pass over a report's lines (decision 057)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-scan-"));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const scan = async (text: string | Buffer, limits = LIMITS, at = AT) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.csv`);
    await fs.writeFile(file, text);
    return scanReportFile(file, at, limits);
  };

  it("lists each line's distinct values as COPY reads them, UTF-8 and CRLF lines included", async () => {
    const scanned = await scan(
      [
        HEADER,
        "2026-08-01,Spotify,IN,036000291452,,100,40,4.00,INR",
        "2026-08-01,Spotify,IN,036000291452,,5,2,0.5,INR",
        "2026-08-02,गाना,in,,INKR00000001,0,0,0,INR",
        "",
      ].join("\r\n"),
    );
    expect(scanned).toMatchObject({ endMarker: false, quoted: false, longestLine: HEADER.length });
    expect(scanned.lines).toEqual({
      records: 3,
      fewValued: [
        ["2026-08-01", "Spotify", "IN", "INR"],
        ["2026-08-02", "गाना", "in", "INR"],
      ],
      codes: [
        ["036000291452", ""],
        ["", "INKR00000001"],
      ],
      figuresPlain: true,
    });
  });

  it("reads the columns where the header puts them, and a last line with no line break", async () => {
    const at = [8, 7, 6, 5, 4, 3, 2, 1, 0];
    const scanned = await scan(
      "currency,revenue,listeners,streams,isrc,upc,country,store,date\nINR,1.25,3,7,,0360,IN,Gaana,2026-08-01",
      LIMITS,
      at,
    );
    expect(scanned.lines).toEqual({
      records: 1,
      fewValued: [["2026-08-01", "Gaana", "IN", "INR"]],
      codes: [["0360", ""]],
      figuresPlain: true,
    });
  });

  it("says when any line's figures are not plain, so the database checks them", async () => {
    for (const figures of [" 30 ,9,1.25", "30,9,1.", "30,9,1.123456789", "30,-9,1", "1e3,9,1", "30,,1", "٣٠,9,1"]) {
      const scanned = await scan(
        `${HEADER}\n2026-08-01,Spotify,IN,0360,,1,1,1.00,INR\n2026-08-01,Spotify,IN,0360,,${figures},INR\n`,
      );
      expect(scanned.lines?.figuresPlain, figures).toBe(false);
    }
  });

  it("reads nothing of the lines of a file with a quote, a line over the limit, or COPY's end marker", async () => {
    const quoted = await scan(`${HEADER}\n2026-08-01,"Spotify",IN,0360,,1,1,1.00,INR\n`);
    expect(quoted).toMatchObject({ quoted: true, lines: null });
    const long = await scan(
      `${HEADER}\n2026-08-01,${"S".repeat(2000)},IN,0360,,1,1,1.00,INR\n2026-08-01,S,IN,0360,,1,1,1,INR\n`,
    );
    expect(long).toMatchObject({ quoted: false, lines: null, longestLine: 2033 });
    const ended = await scan(`${HEADER}\n2026-08-01,Spotify,IN,0360,,1,1,1.00,INR\n\\.\n`);
    expect(ended).toMatchObject({ endMarker: true, lines: null });
  });

  it("gives up listing values past the most the server checks, and still counts the lines", async () => {
    const lines = Array.from(
      { length: 150 },
      (_, i) => `2026-08-01,Spotify,IN,${String(i).padStart(12, "0")},,1,1,1,INR`,
    );
    const scanned = await scan(`${HEADER}\n${lines.join("\n")}\n`);
    expect(scanned.lines).toMatchObject({ records: 150, codes: null, figuresPlain: true });
    expect(scanned.lines?.fewValued).toEqual([["2026-08-01", "Spotify", "IN", "INR"]]);
  });
});
