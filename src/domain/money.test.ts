import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { artistShare, formatInr, RUPEES_PATTERN, rupeesPlain, rupeesToPaise } from "./money";

describe("the one money module", () => {
  it("shows rupees the Indian way for people, with paise only when there are any", () => {
    expect(formatInr(10_000_000)).toBe("₹1,00,000");
    expect(formatInr(132_303)).toBe("₹1,323.03");
    expect(formatInr(99_900, { decimals: true })).toBe("₹999.00");
    expect(formatInr(-34_051)).toBe("-₹340.51");
  });

  it("writes plain decimals for files and inputs, exactly, and reads them back to the paisa", () => {
    expect(rupeesPlain(132_303)).toBe("1323.03");
    expect(rupeesPlain(-34_051)).toBe("-340.51");
    expect(rupeesPlain(5)).toBe("0.05");
    expect(rupeesPlain(0)).toBe("0.00");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999_999 }), (paise) => {
        const text = rupeesPlain(paise);
        expect(RUPEES_PATTERN.test(text)).toBe(true);
        expect(rupeesToPaise(text)).toBe(paise);
      }),
    );
    expect(rupeesToPaise("75.505")).toBe(7551);
    expect(rupeesToPaise("75.504")).toBe(7550);
  });

  it("takes the artist's share half up, in whole paise", () => {
    expect(artistShare(7550, 80)).toBe(6040);
    expect(artistShare(1, 50)).toBe(1);
    expect(artistShare(3, 50)).toBe(2);
  });
});
