import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  allocateHistory,
  bpToPercent,
  FULL_SHARE_BP,
  normaliseIndianMobile,
  percentToBp,
  type SheetTerms,
  sheetInForce,
  splitSheetSchema,
} from "./splits";

/** Random shares over 1..6 payees summing to exactly 100 % ("owner" is always one of them). */
const sharesArb = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 6 }).map((weights) => {
  const total = weights.reduce((s, w) => s + w, 0) || 1;
  const bps = weights.map((w) => Math.floor((w * FULL_SHARE_BP) / total));
  bps[0] = (bps[0] ?? 0) + FULL_SHARE_BP - bps.reduce((s, b) => s + b, 0);
  return bps.map((bp, i) => ({ payee: i === 0 ? "owner" : `p${i}`, bp }));
});

describe("allocate", () => {
  it("divides any amount exactly, never negative, for any shares and recoupment", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        sharesArb,
        fc.option(fc.integer({ min: 0, max: 10_000_000_000 })),
        (net, shares, owed) => {
          const recoupment = owed === null || shares.length < 2 ? null : { payee: "p1", owedPaise: owed };
          const parts = allocate(net, shares, "owner", recoupment);
          const sum = parts.reduce((s, p) => s + p.sharePaise + p.recoupmentPaise, 0);
          expect(sum).toBe(net);
          for (const p of parts) {
            expect(p.sharePaise).toBeGreaterThanOrEqual(0);
            expect(p.recoupmentPaise).toBeGreaterThanOrEqual(0);
          }
          const recouped = parts.reduce((s, p) => s + p.recoupmentPaise, 0);
          expect(recouped).toBe(recoupment ? Math.min(net, recoupment.owedPaise) : 0);
        },
      ),
    );
  });

  it("rounds down each collaborator's share and gives the owner the remainder", () => {
    const parts = allocate(
      100,
      [
        { payee: "owner", bp: 3334 },
        { payee: "a", bp: 3333 },
        { payee: "b", bp: 3333 },
      ],
      "owner",
    );
    expect(parts).toEqual([
      { payee: "owner", sharePaise: 34, recoupmentPaise: 0 },
      { payee: "a", sharePaise: 33, recoupmentPaise: 0 },
      { payee: "b", sharePaise: 33, recoupmentPaise: 0 },
    ]);
    // The owner keeps the remainder even with no share of their own.
    expect(
      allocate(
        1,
        [
          { payee: "a", bp: 5000 },
          { payee: "b", bp: 5000 },
        ],
        "owner",
      ),
    ).toEqual([
      { payee: "owner", sharePaise: 1, recoupmentPaise: 0 },
      { payee: "a", sharePaise: 0, recoupmentPaise: 0 },
      { payee: "b", sharePaise: 0, recoupmentPaise: 0 },
    ]);
  });

  it("repays the recoupment first, then applies the shares", () => {
    const shares = [
      { payee: "owner", bp: 6000 },
      { payee: "producer", bp: 4000 },
    ];
    expect(allocate(10_000, shares, "owner", { payee: "producer", owedPaise: 2_500 })).toEqual([
      { payee: "owner", sharePaise: 4_500, recoupmentPaise: 0 },
      { payee: "producer", sharePaise: 3_000, recoupmentPaise: 2_500 },
    ]);
  });

  it("refuses shares that do not sum to 100 % and amounts that are not whole paise", () => {
    expect(() => allocate(100, [{ payee: "owner", bp: 9999 }], "owner")).toThrow(RangeError);
    expect(() => allocate(1.5, [{ payee: "owner", bp: FULL_SHARE_BP }], "owner")).toThrow(RangeError);
    expect(() => allocate(-1, [{ payee: "owner", bp: FULL_SHARE_BP }], "owner")).toThrow(RangeError);
  });
});

describe("allocateHistory", () => {
  const sheet = (owed: number): SheetTerms => ({
    shares: [
      { payee: "owner", bp: 6000 },
      { payee: "producer", bp: 4000 },
    ],
    recoupment: { payee: "producer", amountPaise: owed },
  });

  it("repays a recoupment once across a track's history, then only shares apply", () => {
    const result = allocateHistory(
      [
        { netPaise: 3_000, sheet: sheet(5_000) },
        { netPaise: 3_000, sheet: sheet(5_000) },
        { netPaise: 3_000, sheet: sheet(5_000) },
      ],
      "owner",
    );
    const recouped = result.map((r) => r.parts.find((p) => p.payee === "producer")?.recoupmentPaise);
    expect(recouped).toEqual([3_000, 2_000, 0]);
  });

  it("sums to the input for any history, and pieces without a sheet go to the owner", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ net: fc.integer({ min: 0, max: 1_000_000 }), split: fc.boolean() }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (pieces, owed) => {
          const input = pieces.map((p) => ({ netPaise: p.net, sheet: p.split ? sheet(owed) : null }));
          const out = allocateHistory(input, "owner");
          const total = out.flatMap((o) => o.parts).reduce((s, p) => s + p.sharePaise + p.recoupmentPaise, 0);
          expect(total).toBe(pieces.reduce((s, p) => s + p.net, 0));
          const recouped = out.flatMap((o) => o.parts).reduce((s, p) => s + p.recoupmentPaise, 0);
          expect(recouped).toBeLessThanOrEqual(owed);
        },
      ),
    );
  });
});

describe("sheetInForce", () => {
  const v1 = { id: "v1", effectiveFrom: "2026-01-01", createdAt: 1 };
  const v2 = { id: "v2", effectiveFrom: "2026-10-15", createdAt: 2 };
  const v2b = { id: "v2b", effectiveFrom: "2026-10-15", createdAt: 3 };
  it("is the latest version effective on or before the day, so a mid-month change applies from its date only", () => {
    expect(sheetInForce([v1, v2], "2025-12-31")).toBeNull();
    expect(sheetInForce([v1, v2], "2026-10-14")?.id).toBe("v1");
    expect(sheetInForce([v1, v2], "2026-10-15")?.id).toBe("v2");
    expect(sheetInForce([v2, v1], "2026-10-31")?.id).toBe("v2");
    expect(sheetInForce([v1, v2b, v2], "2026-10-20")?.id).toBe("v2b");
  });
});

describe("split sheet form", () => {
  const base = {
    effectiveFrom: "2026-12-01",
    collaborators: [
      { name: "Me", role: "artist", percent: "60", isOwner: true },
      { name: "Priya", role: "producer", email: "priya@example.com", percent: "40" },
    ],
  };
  it("accepts shares that sum to exactly 100 %", () => {
    expect(splitSheetSchema.safeParse(base).success).toBe(true);
    expect(percentToBp("33.33")).toBe(3333);
    expect(percentToBp("12.5")).toBe(1250);
    expect(percentToBp("100.01")).toBeNull();
    expect(percentToBp("1.234")).toBeNull();
    expect(percentToBp("-1")).toBeNull();
    expect(bpToPercent(3333)).toBe("33.33");
    expect(bpToPercent(1250)).toBe("12.5");
  });
  it("refuses shares that do not sum to 100 %, a missing contact and a bad recoupment", () => {
    const sum = splitSheetSchema.safeParse({
      ...base,
      collaborators: [base.collaborators[0], { ...base.collaborators[1], percent: "39.99" }],
    });
    expect(sum.error?.issues[0]?.message).toBe("Shares must add up to exactly 100 % (they add up to 99.99 %).");
    const contact = splitSheetSchema.safeParse({
      ...base,
      collaborators: [base.collaborators[0], { name: "X", role: "producer", percent: "40" }],
    });
    expect(contact.error?.issues[0]?.path).toEqual(["collaborators", 1, "email"]);
    for (const amountPaise of [-100, 0, 10.5]) {
      const bad = splitSheetSchema.safeParse({ ...base, recoupment: { collaboratorIndex: 1, amountPaise } });
      expect(bad.success).toBe(false);
    }
    expect(
      splitSheetSchema.safeParse({ ...base, recoupment: { collaboratorIndex: 0, amountPaise: 100 } }).success,
    ).toBe(false);
  });
  it("reads Indian mobile numbers in their usual forms", () => {
    expect(normaliseIndianMobile("98765 43210")).toBe("+919876543210");
    expect(normaliseIndianMobile("+91-9876543210")).toBe("+919876543210");
    expect(normaliseIndianMobile("12345")).toBeNull();
    expect(normaliseIndianMobile("5876543210")).toBeNull();
  });
});
