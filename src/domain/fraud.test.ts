import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./clock";
import {
  ANOMALY_RULES,
  caseDeadline,
  catalogueNorm,
  type DayFigures,
  daysLeft,
  decisionSchema,
  detectAnomalies,
  isOverdue,
  noticeMonths,
  noticeSchema,
} from "./fraud";

/** Generated daily figures: a steady base with a little noise, growing by `growth` a day. */
function series(from: string, days: number, base: number, growth = 0, seed = 1): DayFigures[] {
  let x = seed;
  const noise = () => {
    x = (x * 16807) % 2147483647;
    return (x / 2147483647 - 0.5) * 0.2;
  };
  return Array.from({ length: days }, (_, i) => {
    const streams = Math.round(base * (1 + growth) ** i * (1 + noise()));
    return { day: addDays(from, i), streams, listeners: Math.round(streams / 2.2) };
  });
}
const places = (window: number, history: number) => [
  {
    store: "Spotify",
    country: "IN",
    windowStreams: Math.round(window * 0.6),
    historyStreams: Math.round(history * 0.6),
  },
  {
    store: "JioSaavn",
    country: "IN",
    windowStreams: Math.round(window * 0.3),
    historyStreams: Math.round(history * 0.3),
  },
  {
    store: "Spotify",
    country: "US",
    windowStreams: Math.round(window * 0.1),
    historyStreams: Math.round(history * 0.1),
  },
];
const total = (days: DayFigures[]) => days.reduce((s, d) => s + d.streams, 0);

describe("early warnings", () => {
  const history = series("2026-08-01", 31, 400);
  const windowFrom = "2026-09-01";

  it("flags a planted bot pattern: a spike, one store and country, many streams per listener", () => {
    const window = series(windowFrom, 30, 400);
    // Bots: 50,000 streams in two days from a few hundred accounts, all at Spotify in Brazil.
    window[10] = { day: window[10]?.day as string, streams: 30_000, listeners: 300 };
    window[11] = { day: window[11]?.day as string, streams: 20_000, listeners: 250 };
    const windowStreams = total(window);
    const found = detectAnomalies({
      days: [...history, ...window],
      windowFrom,
      norm: 2.2,
      places: [
        { store: "Spotify", country: "BR", windowStreams: windowStreams - 4000, historyStreams: 20 },
        ...places(4000, total(history) - 20),
      ],
    });
    expect(found.map((a) => a.kind).sort()).toEqual(["concentration", "listener_ratio", "spike"]);
    const spike = found.find((a) => a.kind === "spike");
    expect(spike?.day).toBe(window[10]?.day);
    expect(spike?.message).toContain("30,000 streams");
    expect(found.find((a) => a.kind === "concentration")).toMatchObject({ store: "Spotify", country: "BR" });
  });

  it("says nothing of ordinary growth, a launch week or a quiet track (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 50_000 }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (base, growth, seed) => {
          const days = series("2026-08-01", 61, base, growth, seed);
          const window = days.filter((d) => d.day >= windowFrom);
          const found = detectAnomalies({
            days,
            windowFrom,
            norm: 2.2,
            places: places(total(window), total(days) - total(window)),
          });
          expect(found).toEqual([]);
        },
      ),
    );
  });

  it("reads nothing into small numbers", () => {
    const days = series("2026-08-01", 61, 10);
    days[45] = { day: days[45]?.day as string, streams: 400, listeners: 2 };
    expect(total(days.filter((d) => d.day >= windowFrom))).toBeLessThan(ANOMALY_RULES.minStreams);
    expect(detectAnomalies({ days, windowFrom, norm: 2.2, places: [] })).toEqual([]);
  });

  it("takes the catalogue's norm from tracks with enough streams", () => {
    expect(
      catalogueNorm([
        { streams: 2000, listeners: 1000 },
        { streams: 3000, listeners: 1000 },
        { streams: 9000, listeners: 3000 },
        { streams: 4000, listeners: 1000 },
        { streams: 4000, listeners: 2000 },
        { streams: 50, listeners: 1 },
      ]),
    ).toBe(3);
    // Too few tracks to say: the typical figure.
    expect(catalogueNorm([{ streams: 9000, listeners: 1000 }])).toBe(2.5);
  });
});

describe("cases", () => {
  it("counts the deadline in India's calendar and is overdue only while open and past it", () => {
    expect(caseDeadline("2026-11-26")).toBe("2026-12-10");
    expect(caseDeadline("2026-11-26", 7)).toBe("2026-12-03");
    expect(daysLeft("2026-12-10", "2026-11-26")).toBe(14);
    expect(isOverdue({ status: "open", deadline: "2026-12-10" }, "2026-12-10")).toBe(false);
    expect(isOverdue({ status: "open", deadline: "2026-12-10" }, "2026-12-11")).toBe(true);
    expect(isOverdue({ status: "dismissed", deadline: "2026-12-10" }, "2026-12-11")).toBe(false);
  });

  it("reads a notice's months and refuses a bad one", () => {
    expect(noticeMonths("2026-11-01", "2027-01-01")).toEqual(["2026-11-01", "2026-12-01", "2027-01-01"]);
    const ok = noticeSchema.safeParse({
      store: "Spotify",
      isrcs: ["in-abc-26-00001"],
      periodFrom: "2026-09",
      periodTo: "2026-10",
      reason: "Bots",
    });
    expect(ok.success && ok.data.isrcs).toEqual(["INABC2600001"]);
    const bad = (patch: Record<string, unknown>) =>
      noticeSchema.safeParse({
        store: "Spotify",
        isrcs: ["INABC2600001"],
        periodFrom: "2026-09",
        periodTo: "2026-09",
        reason: "Bots",
        ...patch,
      }).success;
    expect(bad({ isrcs: ["NOTANISRC"] })).toBe(false);
    expect(bad({ isrcs: [] })).toBe(false);
    expect(bad({ periodFrom: "2026-13" })).toBe(false);
    expect(bad({ periodFrom: "2026-10" })).toBe(false);
    expect(bad({ periodFrom: "2024-01", periodTo: "2026-09" })).toBe(false);
    expect(bad({ fee: "ten" })).toBe(false);
    expect(bad({ upc: "123", isrcs: [] })).toBe(false);
  });

  it("asks for the tracks of a partial decision and the reason for a takedown everywhere", () => {
    const base = { reason: "The store's logs are clear." };
    expect(decisionSchema.safeParse({ ...base, outcome: "partly_upheld" }).success).toBe(false);
    expect(decisionSchema.safeParse({ ...base, outcome: "upheld", takedown: "all" }).success).toBe(false);
    expect(
      decisionSchema.safeParse({
        ...base,
        outcome: "upheld",
        takedown: "all",
        takedownReason: "Two stores flagged it.",
      }).success,
    ).toBe(true);
  });
});
