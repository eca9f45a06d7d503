import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_RUPEES_PLAIN, REPORT_WHOLE_PLAIN } from "#domain/reports";
import { CsvBatch, hasQuote, keyOf, type LineCells, matchesAt, readPlainLines, stickyOf, utf8 } from "./report-lines";

const HEADER = "date,store,country,upc,isrc,streams,listeners,revenue,currency";

describe("a report with no quote, read line by line (decision 062)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-lines-"));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const write = async (text: string | Buffer) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.csv`);
    await fs.writeFile(file, text);
    return file;
  };
  /** Each line handed over: its number and its first `width` cells, as text. */
  const read = async (text: string | Buffer, width = 9, limit = 1000) => {
    const lines: { line: number; cells: string[] }[] = [];
    const refused = await readPlainLines(await write(text), width, limit, (line, { text: t, starts, ends }) => {
      lines.push({ line, cells: Array.from({ length: width }, (_, i) => utf8(t.slice(starts[i], ends[i]))) });
      return undefined;
    });
    return { refused, lines };
  };
  /** What csv-parse, the server's reader of record, makes of the same text (numbered as the importer numbers). */
  const csvParse = (text: string) => {
    const records: { line: number; cells: string[] }[] = [];
    const parsed = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    for (const { record, info } of parsed.slice(1)) {
      records.push({ line: info.lines, cells: Array.from({ length: 9 }, (_, i) => record[i] ?? "") });
    }
    return records;
  };

  it("hands over each line's cells and number as csv-parse reads them: LF or CRLF, empty lines, short and long rows, UTF-8", async () => {
    const rows = [
      HEADER,
      "2026-08-01,Spotify,IN,036000291452,,100,40,4.00,INR",
      "",
      "2026-08-01,गाना,in,,INKR00000001,7,3,0.35,INR",
      "2026-08-02,Spotify",
      "2026-08-02,Spotify,IN,036000291452,,1,1,1,INR,extra,cells",
      " 2026-08-03 ,Spotify,IN,,,1,1,1,INR",
    ];
    for (const breaks of ["\n", "\r\n"]) {
      for (const [start, end] of [
        ["", ""],
        ["", breaks],
        // Empty lines before the header: csv-parse skips them too, and takes the next line for it.
        [breaks + breaks, breaks],
      ]) {
        const text = start + rows.join(breaks) + end;
        const { refused, lines } = await read(text);
        expect(refused, JSON.stringify(breaks + end)).toBeNull();
        expect(lines).toEqual(csvParse(text));
        expect(lines.map((l) => l.line)).toEqual([2, 4, 5, 6, 7].map((n) => n + (start ? 2 : 0)));
      }
    }
  });

  it("reads the bytes of a cell whatever the chunk they fall in", async () => {
    const rows = Array.from(
      { length: 30_000 },
      (_, i) => `2026-08-01,गाना ${i % 7},IN,,INKR${String(i).padStart(8, "0")},${i},1,0.5,INR`,
    );
    const text = `${HEADER}\n${rows.join("\n")}\n`;
    const { refused, lines } = await read(text);
    expect(refused).toBeNull();
    expect(lines).toEqual(csvParse(text));
  });

  it("refuses what csv-parse reads otherwise, or refuses itself: line breaks it would not end a record at, a line over the limit", async () => {
    const row = "2026-08-01,Spotify,IN,036000291452,,1,1,1.00,INR";
    // A lone CR ends the header: csv-parse ends every record at a CR then.
    expect((await read(`${HEADER}\r${row}\n${row}\n`)).refused).toBe("line-breaks");
    // LF after a header that ended with CRLF, CRLF after one that ended with LF.
    expect((await read(`${HEADER}\r\n${row}\n${row}\r\n`)).refused).toBe("line-breaks");
    expect((await read(`${HEADER}\n${row}\r\n`)).refused).toBe("line-breaks");
    // A CR inside a line, whatever the line breaks.
    expect((await read(`${HEADER}\n2026-08-01,Spot\rify,IN,,,1,1,1,INR\n`)).refused).toBe("line-breaks");
    expect((await read(`${HEADER}\r\n2026-08-01,Spot\rify,IN,,,1,1,1,INR\r\n`)).refused).toBe("line-breaks");
    // A CR at the very end, with no LF after it.
    expect((await read(`${HEADER}\n${row}\r`)).refused).toBe("line-breaks");
    expect((await read(`${HEADER}\n${row}\n${"S".repeat(1001)}\n`)).refused).toBe("long-line");
    expect((await read(`${HEADER}\n${"S".repeat(1001)}`)).refused).toBe("long-line");
  });

  it("finds a quote anywhere in the file", async () => {
    expect(await hasQuote(await write(`${HEADER}\n2026-08-01,Spotify,IN,,,1,1,1,INR\n`))).toBe(false);
    expect(await hasQuote(await write(`${HEADER}\n${"x".repeat(3 << 20)}"\n`))).toBe(true);
  });
});

describe("the pieces of a line read in place", () => {
  const cellsOf = (text: string): LineCells => {
    const starts = new Int32Array(9);
    const ends = new Int32Array(9);
    let from = 0;
    for (let i = 0; i < 9; i++) {
      const comma = text.indexOf(",", from);
      starts[i] = from;
      ends[i] = comma === -1 ? text.length : comma;
      from = comma === -1 ? text.length : comma + 1;
    }
    return { text, starts, ends };
  };

  it("keys the cells asked for, in their order, and answers the same string for a line like the last", () => {
    const key = keyOf([0, 1, 2, 8]);
    const first = key(cellsOf("2026-08-01,Spotify,IN,,X,1,1,1,INR"));
    expect(first).toBe("2026-08-01,Spotify,IN,INR");
    const again = key(cellsOf("2026-08-01,Spotify,IN,,Y,2,2,2,INR"));
    expect(again).toBe(first);
    expect(key(cellsOf("2026-08-01,Spotify,IN,,Y,2,2,2,USD"))).toBe("2026-08-01,Spotify,IN,USD");
    expect(key(cellsOf("2026-08-01,Spotify,INR,,Y,2,2,2,USD"))).toBe("2026-08-01,Spotify,INR,USD");
    expect(keyOf([8, 7, 6, 5])(cellsOf("a,b,c,d,e,f,g,h,i"))).toBe("i,h,g,f");
  });

  it("tries the figures' patterns in place with the answer they give on the cell alone", () => {
    const whole = stickyOf(REPORT_WHOLE_PLAIN);
    const rupees = stickyOf(REPORT_RUPEES_PLAIN);
    const cells = ["", "0", "30", " 30", "30 ", "1.", "1.25", ".5", "1.123456789", "1.12345678", "-9", "1e3", "٣٠"];
    cells.push("9".repeat(12), "9".repeat(13), `${"9".repeat(12)}.5`, "1.2.3", "12,5");
    for (const cell of cells) {
      const text = `x,${cell},y`;
      const [from, to] = [2, 2 + cell.length];
      expect(matchesAt(whole, text, from, to), cell).toBe(REPORT_WHOLE_PLAIN.test(cell));
      expect(matchesAt(rupees, text, from, to), cell).toBe(REPORT_RUPEES_PLAIN.test(cell));
    }
  });

  it("gathers lines as bytes, UTF-8 text and ASCII alike, growing past its first size", () => {
    const batch = new CsvBatch();
    batch.line('"गाना",1');
    batch.bytes(Buffer.from("a,"));
    batch.ascii("xx12yy", 2, 4);
    batch.comma();
    batch.ascii("7");
    batch.comma();
    for (const whole of [0, 9, 10, 1_234_567, 100_000_000_000_000]) {
      batch.whole(whole);
      batch.comma();
    }
    batch.endLine();
    expect(batch.rows).toBe(2);
    expect(batch.take()?.toString()).toBe('"गाना",1\na,12,7,0,9,10,1234567,100000000000000,\n');
    expect(batch.take()).toBeNull();
    const long = "z".repeat(3 << 20);
    batch.line(long);
    expect(batch.take()?.length).toBe(long.length + 1);
  });
});
