import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("the one CSV writer", () => {
  it("neutralises every formula lead in text, and leaves plain numbers alone", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r"])
      expect(csvCell(`${lead}HYPERLINK("http://x")`)).toBe(`'${lead}HYPERLINK("http://x")`);
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell("+91")).toBe("+91");
    expect(csvCell(-5)).toBe(-5);
    expect(csvCell("दिल की बात")).toBe("दिल की बात");
    expect(csvCell(null)).toBe("");
  });

  it("starts with a byte-order mark and round-trips quotes, commas, newlines and Indian scripts", () => {
    const text = toCsv([
      ["title", "amount"],
      ['Say "hi", then\nbye', "-1.00"],
      ["বৃষ্টির গান", "₹5"],
    ]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(parse(text, { bom: true })).toEqual([
      ["title", "amount"],
      ['Say "hi", then\nbye', "-1.00"],
      ["বৃষ্টির গান", "₹5"],
    ]);
  });
});
