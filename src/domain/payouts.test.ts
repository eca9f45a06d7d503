import { describe, expect, it } from "vitest";
import { financialYearIst, quarterRange, tdsQuarterIst } from "./clock";
import {
  DEFAULT_TDS,
  isValidIfsc,
  isValidPan,
  isValidUpi,
  namesMatch,
  PAYOUT_MESSAGES,
  payeeDetailsSchema,
  tdsFor,
} from "./payouts";

const tds = (grossPaise: number, paidBefore: number, deductedBefore = 0, hasValidPan = true) =>
  tdsFor({
    grossPaise,
    paidBeforeInYearPaise: paidBefore,
    deductedBeforeInYearPaise: deductedBefore,
    hasValidPan,
    config: DEFAULT_TDS,
  }).tdsPaise;

describe("TDS on royalties (section 194J)", () => {
  it("deducts nothing below and at the threshold", () => {
    expect(tds(1_000_000, 0)).toBe(0);
    expect(tds(2_000_000, 3_000_000)).toBe(0); // exactly ₹50,000 in the year
  });
  it("catches up on the whole year on the payout that crosses the threshold", () => {
    // ₹40,000 paid earlier without tax, then ₹20,000: 10 % of ₹60,000 = ₹6,000.
    expect(tds(2_000_000, 4_000_000)).toBe(600_000);
    // After that, 10 % of each payout.
    expect(tds(1_000_000, 6_000_000, 600_000)).toBe(100_000);
  });
  it("never deducts more than the payout, and catches up the rest later", () => {
    expect(tds(50_000, 4_999_900)).toBe(50_000);
    expect(tds(100_000, 5_049_900, 50_000)).toBe(100_000); // ₹4,649.90 still due: capped
  });
  it("applies the higher rate without a valid PAN", () => {
    expect(tds(2_000_000, 4_000_000, 0, false)).toBe(1_200_000);
  });
  it("starts a new year on 1 April in India", () => {
    expect(financialYearIst(new Date("2027-03-31T18:29:00Z"))).toBe("2026-27");
    expect(financialYearIst(new Date("2027-03-31T18:31:00Z"))).toBe("2027-28");
    expect(tdsQuarterIst(new Date("2026-04-01T00:00:00+05:30"))).toEqual({ fy: "2026-27", quarter: 1 });
    expect(tdsQuarterIst(new Date("2027-01-15T00:00:00+05:30"))).toEqual({ fy: "2026-27", quarter: 4 });
    const q4 = quarterRange("2026-27", 4);
    expect(q4.from.toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(q4.to.toISOString()).toBe("2027-03-31T18:30:00.000Z");
  });
});

describe("payee KYC", () => {
  it("checks PAN, IFSC and UPI formats", () => {
    expect(isValidPan("ABCPE1234F")).toBe(true);
    expect(isValidPan("ABCXE1234F")).toBe(false);
    expect(isValidPan("ABCPE1234")).toBe(false);
    expect(isValidIfsc("HDFC0001234")).toBe(true);
    expect(isValidIfsc("HDFC1001234")).toBe(false);
    expect(isValidUpi("priya.k@okhdfcbank")).toBe(true);
    expect(isValidUpi("priya k@ok")).toBe(false);
    expect(
      payeeDetailsSchema.safeParse({ residence: "india", legalName: "A", pan: "bad", method: "upi", upiId: "a@b" })
        .error?.issues[0]?.path,
    ).toEqual(["pan"]);
  });
  it("asks a payee outside India for a bank abroad or PayPal and the tax form, each message beside its field", () => {
    const abroad = { residence: "abroad", legalName: "Jane Doe", method: "bankTransfer", taxForm: "w8ben" } as const;
    const issues = (input: object) =>
      payeeDetailsSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];
    expect(
      issues({ ...abroad, accountNumber: "DE89370400440532013000", routingNumber: "DEUTDEFF", bankName: "Deutsche" }),
    ).toEqual([]);
    expect(issues({ ...abroad, accountNumber: "12", routingNumber: "HDFC0001234", bankName: "" })).toEqual([
      ["accountNumber", PAYOUT_MESSAGES.badAccountNumberAbroad],
      ["routingNumber", PAYOUT_MESSAGES.badRouting],
      ["bankName", PAYOUT_MESSAGES.bankNameRequired],
    ]);
    expect(issues({ ...abroad, method: "paypal", paypalEmail: "nope" })).toEqual([
      ["paypalEmail", PAYOUT_MESSAGES.badPaypal],
    ]);
    expect(issues({ ...abroad, method: "paypal", paypalEmail: "jane@example.com", taxForm: undefined })).toEqual([
      ["taxForm", PAYOUT_MESSAGES.taxFormRequired],
    ]);
    // A method of the other residence is refused, not quietly mapped.
    expect(issues({ ...abroad, method: "upi", upiId: "a@ok" })[0]?.[0]).toBe("method");
  });
  it("matches names in any order, case and with initials, but not different people", () => {
    expect(namesMatch("Priya Kumari Sharma", "SHARMA PRIYA KUMARI")).toBe(true);
    expect(namesMatch("Priya K Sharma", "Priya Kumari Sharma")).toBe(true);
    expect(namesMatch("Mr. Ravi Kumar", "RAVI KUMAR")).toBe(true);
    expect(namesMatch("Ravi Kumar", "Ravi Kumari")).toBe(false);
    expect(namesMatch("Ravi Kumar", "Ravi")).toBe(false);
  });
});
