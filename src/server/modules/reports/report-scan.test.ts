import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanReportFile } from "./report-scan";

const HEADER = "date,store,country,upc,isrc,streams,listeners,revenue,currency";

describe("the server's pass over a report's bytes beside COPY (decision 054)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-scan-"));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const scan = async (text: string) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.csv`);
    await fs.writeFile(file, text);
    return scanReportFile(file);
  };

  it("measures the longest line, CRLF or not, and a last line with no line break", async () => {
    expect(await scan([HEADER, "2026-08-01,Spotify,IN,0360,,1,1,1.00,INR", ""].join("\r\n"))).toEqual({
      endMarker: false,
      quoted: false,
      longestLine: HEADER.length,
    });
    expect(await scan(`${HEADER}\n2026-08-01,${"S".repeat(2000)},IN,0360,,1,1,1.00,INR`)).toMatchObject({
      longestLine: 2033,
    });
  });

  it("says when the file has a quote or COPY's end marker", async () => {
    expect(await scan(`${HEADER}\n2026-08-01,"Spotify",IN,0360,,1,1,1.00,INR\n`)).toMatchObject({ quoted: true });
    expect(await scan(`${HEADER}\n2026-08-01,Spotify,IN,0360,,1,1,1.00,INR\n\\.\n`)).toMatchObject({
      endMarker: true,
    });
  });
});
