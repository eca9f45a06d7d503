import { describe, expect, it } from "vitest";
import { gs1CheckDigit, isValidUpcEan } from "./identifiers";

describe("UPC/EAN check digits", () => {
  it("accepts known-good codes", () => {
    for (const code of ["036000291452", "012345678905", "4006381333931", "5901234123457", "8901063010123"]) {
      expect(isValidUpcEan(code), code).toBe(true);
    }
  });
  it("refuses a wrong check digit, wrong lengths and non-digits", () => {
    for (const code of ["036000291453", "4006381333932", "12345", "03600029145X", "", "40063813339310"]) {
      expect(isValidUpcEan(code), code).toBe(false);
    }
  });
  it("computes the digit", () => expect(gs1CheckDigit("03600029145")).toBe(2));
});
