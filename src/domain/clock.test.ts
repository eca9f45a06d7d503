import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  dateIst,
  daysBetween,
  financialYearIst,
  financialYearOfDate,
  lastDayOfMonth,
  monthOf,
  monthsBetween,
  oneYearAfter,
  previousTdsQuarter,
  quarterRange,
  startOfDayIst,
  tdsQuarterIst,
  todayIst,
} from "./clock";

describe("the one clock: business dates are India's", () => {
  it("turns at midnight IST, 18:30 UTC", () => {
    expect(todayIst(new Date("2026-11-25T18:29:59Z"))).toBe("2026-11-25");
    expect(todayIst(new Date("2026-11-25T18:30:00Z"))).toBe("2026-11-26");
    expect(dateIst(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01");
    expect(startOfDayIst("2026-11-26").toISOString()).toBe("2026-11-25T18:30:00.000Z");
  });

  it("puts 00:30 IST on 1 April in the new financial year and its first TDS quarter", () => {
    const at = new Date("2027-03-31T19:00:00Z");
    expect(financialYearIst(at)).toBe("2027-28");
    expect(tdsQuarterIst(at)).toEqual({ fy: "2027-28", quarter: 1 });
    expect(tdsQuarterIst(new Date("2027-03-31T18:00:00Z"))).toEqual({ fy: "2026-27", quarter: 4 });
    expect(financialYearOfDate("2027-03-31")).toBe("2026-27");
    expect(previousTdsQuarter({ fy: "2027-28", quarter: 1 })).toEqual({ fy: "2026-27", quarter: 4 });
    expect(previousTdsQuarter({ fy: "2026-27", quarter: 3 })).toEqual({ fy: "2026-27", quarter: 2 });
    expect(financialYearOfDate("2027-04-01")).toBe("2027-28");
  });

  it("gives each quarter's instants in IST, and every instant falls in its own quarter", () => {
    expect(quarterRange("2026-27", 1)).toEqual({
      from: new Date("2026-03-31T18:30:00Z"),
      to: new Date("2026-06-30T18:30:00Z"),
    });
    expect(quarterRange("2026-27", 4)).toEqual({
      from: new Date("2026-12-31T18:30:00Z"),
      to: new Date("2027-03-31T18:30:00Z"),
    });
    fc.assert(
      fc.property(fc.date({ min: new Date("2001-01-01"), max: new Date("2098-12-31"), noInvalidDate: true }), (at) => {
        const { fy, quarter } = tdsQuarterIst(at);
        const { from, to } = quarterRange(fy, quarter);
        expect(at.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(at.getTime()).toBeLessThan(to.getTime());
      }),
    );
  });

  it("does calendar arithmetic on dates, whatever the zone", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(oneYearAfter("2028-02-29")).toBe("2029-02-28");
    expect(oneYearAfter("2026-11-25")).toBe("2027-11-25");
    expect(monthOf("2026-11-25")).toBe("2026-11-01");
    expect(lastDayOfMonth("2028-02")).toBe("2028-02-29");
    expect(addMonths("2026-01-01", -1)).toBe("2025-12-01");
    expect(addMonths("2026-11-15", 2)).toBe("2027-01-01");
    expect(monthsBetween("2026-11-20", "2027-01-05")).toEqual(["2026-11-01", "2026-12-01", "2027-01-01"]);
  });
});
