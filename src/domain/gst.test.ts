import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { financialYearIst } from "./clock";
import { amountInWords, invoiceNumber, numberInWords, splitInclusive } from "./gst";

const KA = { supplierState: "Karnataka" };

describe("GST inside our prices", () => {
  it("splits ₹999 within Karnataka into equal CGST and SGST, and into IGST for Maharashtra", () => {
    expect(splitInclusive(99_900, { ...KA, customerState: " karnataka " })).toEqual({
      totalPaise: 99_900,
      taxablePaise: 84_662,
      cgstPaise: 7_619,
      sgstPaise: 7_619,
      igstPaise: 0,
      ratePercent: 18,
      interState: false,
    });
    expect(splitInclusive(99_900, { ...KA, customerState: "Maharashtra" })).toMatchObject({
      taxablePaise: 84_661,
      igstPaise: 15_239,
      cgstPaise: 0,
      interState: true,
    });
  });

  it("always adds up to the paisa, and the tax is the rate's share to within a paisa", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 28 }),
        (total, inter, rate) => {
          const g = splitInclusive(total, { ...KA, customerState: inter ? "Goa" : "Karnataka", ratePercent: rate });
          expect(g.taxablePaise + g.cgstPaise + g.sgstPaise + g.igstPaise).toBe(total);
          expect(g.cgstPaise).toBe(g.sgstPaise);
          expect(Math.abs(g.cgstPaise + g.sgstPaise + g.igstPaise - (g.taxablePaise * rate) / 100)).toBeLessThanOrEqual(
            1.5,
          );
          expect(Math.min(g.taxablePaise, g.cgstPaise, g.igstPaise)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
    expect(() => splitInclusive(10.5, { ...KA, customerState: "Goa" })).toThrow(RangeError);
  });

  it("numbers invoices per financial year, April to March", () => {
    // In India's time: 18:29:59 UTC on 31 March is 23:59:59 IST, the old year's last second.
    expect(financialYearIst(new Date("2026-03-31T18:29:59Z"))).toBe("2025-26");
    expect(financialYearIst(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27");
    expect(financialYearIst(new Date("2099-12-01T00:00:00Z"))).toBe("2099-00");
    expect(invoiceNumber("2026-27", 42)).toBe("KAL/2026-27/000042");
  });

  it("writes totals in words, Indian style", () => {
    expect(numberInWords(0)).toBe("Zero");
    expect(numberInWords(999)).toBe("Nine Hundred Ninety-Nine");
    expect(numberInWords(125_000)).toBe("One Lakh Twenty-Five Thousand");
    expect(numberInWords(1_00_00_000)).toBe("One Crore");
    expect(numberInWords(23_45_67_891)).toBe(
      "Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety-One",
    );
    expect(amountInWords(99_900)).toBe("Rupees Nine Hundred Ninety-Nine Only");
    expect(amountInWords(117_950)).toBe("Rupees One Thousand One Hundred Seventy-Nine and Fifty Paise Only");
  });

  it("writes totals in Hindi words, each number below a hundred by its own word", () => {
    expect(numberInWords(0, "hi")).toBe("शून्य");
    expect(numberInWords(21, "hi")).toBe("इक्कीस");
    expect(numberInWords(99, "hi")).toBe("निन्यानवे");
    expect(numberInWords(999, "hi")).toBe("नौ सौ निन्यानवे");
    expect(numberInWords(125_000, "hi")).toBe("एक लाख पच्चीस हज़ार");
    expect(numberInWords(23_45_67_891, "hi")).toBe("तेईस करोड़ पैंतालीस लाख सड़सठ हज़ार आठ सौ इक्यानवे");
    expect(amountInWords(99_900, "hi")).toBe("नौ सौ निन्यानवे रुपये मात्र");
    expect(amountInWords(117_950, "hi")).toBe("एक हज़ार एक सौ उनासी रुपये और पचास पैसे मात्र");
  });
});
