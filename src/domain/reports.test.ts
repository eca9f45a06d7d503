import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthOf } from "./clock";
import { artistShare, plainRupeesToPaiseAt, rupeesToPaise } from "./money";
import { parseReportRecord, REPORT_CELL_CHECKS, REPORT_RUPEES_PLAIN } from "./reports";
import { canRequestPayout } from "./royalties";

const good = {
  date: "2026-10-05",
  store: "Spotify",
  country: "in",
  upc: "036000291452",
  isrc: "",
  streams: "1200",
  listeners: "300",
  revenue: "4.805",
  currency: "INR",
};

describe("report rows", () => {
  it("parses a good row, normalising country and money", () => {
    expect(parseReportRecord(good)).toEqual({
      row: {
        day: "2026-10-05",
        store: "Spotify",
        country: "IN",
        upc: "036000291452",
        isrc: "",
        streams: 1200,
        listeners: 300,
        revenuePaise: 481,
      },
    });
  });
  it("gives a reason for each kind of bad row", () => {
    const reason = (override: object) =>
      "error" in parseReportRecord({ ...good, ...override })
        ? (parseReportRecord({ ...good, ...override }) as { error: string }).error
        : null;
    expect(reason({ date: "2026-02-30" })).toMatch(/date/);
    expect(reason({ country: "IND" })).toMatch(/country/);
    expect(reason({ upc: "", isrc: "" })).toMatch(/neither/);
    expect(reason({ upc: "036000291453" })).toMatch(/check digit/);
    expect(reason({ isrc: "XX-1" })).toMatch(/isrc/);
    expect(reason({ streams: "-3" })).toMatch(/streams/);
    expect(reason({ streams: "1.5" })).toMatch(/streams/);
    expect(reason({ revenue: "1,20" })).toMatch(/revenue/);
    expect(reason({ currency: "USD" })).toMatch(/not INR/);
  });
  it("checks each cell on its own, and a row's first failing column is its reason (decision 046)", () => {
    expect(REPORT_CELL_CHECKS.country(" in ")).toEqual({ value: "IN" });
    expect(REPORT_CELL_CHECKS.codes("", "in-abc-26-00001")).toEqual({ value: { upc: "", isrc: "INABC2600001" } });
    expect(REPORT_CELL_CHECKS.codes("", "")).toEqual({ error: "neither upc nor isrc is given" });
    expect(REPORT_CELL_CHECKS.streams(" 12 ")).toEqual({ value: 12 });
    expect(REPORT_CELL_CHECKS.revenue("1.995")).toEqual({ value: 200 });
    expect(REPORT_CELL_CHECKS.date("2024-02-29")).toEqual({ value: "2024-02-29" });
    expect(REPORT_CELL_CHECKS.date("2025-02-29")).toHaveProperty("error");
    // Two bad cells: the one in the earlier column decides, whichever the check.
    expect(parseReportRecord({ ...good, country: "IND", currency: "USD" })).toEqual(REPORT_CELL_CHECKS.country("IND"));
    expect(parseReportRecord({ ...good, streams: "x", listeners: "y" })).toEqual(REPORT_CELL_CHECKS.streams("x"));
  });
  it("converts rupees to paise half up, exactly", () => {
    expect(rupeesToPaise("0.004")).toBe(0);
    expect(rupeesToPaise("0.005")).toBe(1);
    expect(rupeesToPaise("12.3456")).toBe(1235);
    expect(rupeesToPaise("1000000")).toBe(100_000_000);
    expect(rupeesToPaise("0.1")).toBe(10);
  });
  it("reads a plain figure in place to the same paise as rupeesToPaise, whatever its digits", () => {
    const plain = fc
      .tuple(fc.stringMatching(/^[0-9]{1,12}$/), fc.option(fc.stringMatching(/^[0-9]{1,8}$/), { nil: undefined }))
      .map(([rupees, decimals]) => (decimals === undefined ? rupees : `${rupees}.${decimals}`));
    const cases = fc.sample(plain, 2000);
    cases.push("0", "0.005", "0.004", "999999999999.99999999", "12.3456", "1.1", "7.995");
    for (const figure of cases) {
      expect(REPORT_RUPEES_PLAIN.test(figure), figure).toBe(true);
      // Inside a line, as the importer reads it.
      const line = `2026-10-05,Spotify,${figure},INR`;
      const from = line.indexOf(figure, 19);
      expect(plainRupeesToPaiseAt(line, from, from + figure.length), figure).toBe(rupeesToPaise(figure));
    }
  });
});

describe("royalty math", () => {
  it("applies each plan's share, rounding to paise", () => {
    expect(artistShare(10_000, 60)).toBe(6000);
    expect(artistShare(10_000, 80)).toBe(8000);
    expect(artistShare(10_001, 85)).toBe(8501);
    expect(artistShare(3, 85)).toBe(3);
    expect(artistShare(1, 60)).toBe(1);
  });
  it("groups by calendar month", () => {
    expect(monthOf("2026-01-31")).toBe("2026-01-01");
    expect(monthOf("2026-02-01")).toBe("2026-02-01");
  });
  it("allows payouts from ₹500", () => {
    expect(canRequestPayout(49_999)).toBe(false);
    expect(canRequestPayout(50_000)).toBe(true);
  });
});
