/**
 * Fair fraud handling (issue 41): a store's notice of artificial streams becomes a case for the
 * workspace, with the evidence from our report rows, holds on exactly the ledger lines in dispute
 * (the flagged tracks, at the store that acted, in the months named), an answer from the artist in a
 * thread, and a decision by a deadline shown to both sides. Our own early warnings read each import
 * for patterns a store would flag; a warning alone holds nothing.
 */
import { z } from "zod";
import { addDays, daysBetween, monthsBetween, todayIst } from "./clock";
import { labelsAt, t } from "./i18n";
import { isValidIsrc, normaliseIsrc } from "./identifiers";
import { RUPEES_PATTERN, rupeesToPaise } from "./money";

export const CASE_STATUSES = ["open", "upheld", "partly_upheld", "dismissed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABELS: Readonly<Record<CaseStatus, string>> = labelsAt("case.status", CASE_STATUSES);

/** What the admin decides: the outcome of each flagged track follows from it. */
export const CASE_OUTCOMES = ["upheld", "partly_upheld", "dismissed"] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];

/** A takedown decided with a case: none, at the store that asked, or (with a recorded reason) at every store. */
export const CASE_TAKEDOWNS = ["none", "store", "all"] as const;
export type CaseTakedown = (typeof CASE_TAKEDOWNS)[number];
export const CASE_TAKEDOWN_LABELS: Readonly<Record<CaseTakedown, string>> = labelsAt("case.takedown", CASE_TAKEDOWNS);

/** Days the admin has to decide, unless configured otherwise (FRAUD_CASE_DEADLINE_DAYS). */
export const DEFAULT_CASE_DEADLINE_DAYS = 14;
/** A case file's answer may carry one file of evidence, this large at most. */
export const CASE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const CASE_FILE_TYPES: Record<string, string> = {
  "application/pdf": "PDF",
  "image/png": "PNG",
  "image/jpeg": "JPG",
  "text/plain": "text",
  "text/csv": "CSV",
};
/** Tracks one notice may name. */
export const CASE_MAX_TRACKS = 200;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A case's reference as people read it: "K-" and the first eight characters of its id, upper-case. */
export const caseReference = (id: string) => `K-${id.slice(0, 8).toUpperCase()}`;

/** Whole days left until the deadline (negative once past), counted in India's calendar. */
export function daysLeft(deadline: string, today: string = todayIst()): number {
  return daysBetween(today, deadline);
}

/** The deadline for a case opened today: the configured number of days later. */
export function caseDeadline(openedOn: string, days: number = DEFAULT_CASE_DEADLINE_DAYS): string {
  return addDays(openedOn, days);
}

/** An open case whose deadline has passed. */
export function isOverdue(c: { status: CaseStatus; deadline: string }, today: string = todayIst()): boolean {
  return c.status === "open" && daysLeft(c.deadline, today) < 0;
}

/** The months a notice covers, first to last, as YYYY-MM-01 dates (how the ledger keys its lines). */
export const noticeMonths = (from: string, to: string): string[] => monthsBetween(from, to);

/** The columns of a store's notice file (the template on the Store Notices page): one row per flagged track. */
export const NOTICE_FILE_COLUMNS = [
  "store",
  "isrc",
  "upc",
  "period_from",
  "period_to",
  "reason",
  "reference",
  "fee",
] as const;
export const NOTICE_FILE_MAX_ROWS = 5000;
/** The template's one example row. */
export const NOTICE_FILE_EXAMPLE = [
  "Spotify",
  "INABC2600001",
  "",
  "2026-09",
  "2026-09",
  "Artificial streams",
  "SPX-1",
  "850",
];

export const FRAUD_MESSAGES = Object.assign(
  labelsAt("case.msg", [
    "notFound",
    "unknownUpc",
    "notDelivered",
    "oneWorkspace",
    "closed",
    "notOpen",
    "fileTooLarge",
    "fileType",
    "emptyAnswer",
    "partlyNeedsTracks",
    "upheldTrackUnknown",
    "allNeedsReason",
    "noFee",
    "warningNotFound",
    "badFile",
    "emptyFile",
  ]),
  {
    unknownIsrc: (isrcs: string[]) => t("case.msg.unknownIsrc", { count: isrcs.length, isrcs: isrcs.join(", ") }),
    overlap: (reference: string) => t("case.msg.overlap", { reference }),
    missingColumns: (columns: string) => t("case.msg.missingColumns", { columns }),
    tooManyRows: (max: number) => t("case.msg.tooManyRows", { max: max.toLocaleString("en-IN") }),
    fileRefused: (count: number) => t("case.msg.fileRefused", { count }),
  },
);

const isrcList = z
  .array(z.string().trim().transform(normaliseIsrc))
  .max(CASE_MAX_TRACKS, { error: () => t("case.msg.maxTracks", { max: CASE_MAX_TRACKS }) })
  .refine((list) => list.every(isValidIsrc), { error: () => t("case.msg.badIsrc") });

/** A store's notice as an admin records it: the tracks (by ISRC, or a whole release by UPC), the store, the months. */
export const noticeSchema = z
  .object({
    store: z
      .string()
      .trim()
      .min(1, { error: () => t("case.msg.chooseStore") }),
    isrcs: isrcList.default([]),
    upc: z
      .string()
      .trim()
      .regex(/^(\d{12,13})?$/, { error: () => t("case.msg.badUpc") })
      .default(""),
    periodFrom: z.string().regex(MONTH, { error: () => t("case.msg.firstMonth") }),
    periodTo: z.string().regex(MONTH, { error: () => t("case.msg.lastMonth") }),
    reason: z
      .string()
      .trim()
      .min(3, { error: () => t("case.msg.reasonNeeded") })
      .max(2000),
    reference: z.string().trim().max(200).default(""),
    fee: z
      .string()
      .trim()
      .refine((v) => v === "" || RUPEES_PATTERN.test(v), { error: () => t("case.msg.badFee") })
      .default(""),
  })
  .refine((n) => n.isrcs.length > 0 || n.upc !== "", {
    error: () => t("case.msg.nameTracks"),
    path: ["isrcs"],
  })
  .refine((n) => n.periodFrom <= n.periodTo, {
    error: () => t("case.msg.lastAfterFirst"),
    path: ["periodTo"],
  })
  .refine((n) => noticeMonths(`${n.periodFrom}-01`, `${n.periodTo}-01`).length <= 24, {
    error: () => t("case.msg.maxMonths"),
    path: ["periodTo"],
  });
export type NoticeInput = z.infer<typeof noticeSchema>;
export const feePaiseOf = (fee: string) => (fee ? rupeesToPaise(fee) : 0);

export const decisionSchema = z
  .object({
    outcome: z.enum(CASE_OUTCOMES, { error: () => t("case.msg.chooseOutcome") }),
    reason: z
      .string()
      .trim()
      .min(10, { error: () => t("case.msg.sayWhy") })
      .max(4000),
    /** Partly upheld: the ISRCs whose lines are reversed; the rest are released. */
    upheldIsrcs: z.array(z.string().trim().transform(normaliseIsrc)).max(CASE_MAX_TRACKS).default([]),
    takedown: z.enum(CASE_TAKEDOWNS).default("none"),
    takedownReason: z.string().trim().max(2000).default(""),
  })
  .refine((d) => d.outcome !== "partly_upheld" || d.upheldIsrcs.length > 0, {
    error: () => FRAUD_MESSAGES.partlyNeedsTracks,
    path: ["upheldIsrcs"],
  })
  .refine((d) => d.takedown !== "all" || d.takedownReason.length >= 10, {
    error: () => FRAUD_MESSAGES.allNeedsReason,
    path: ["takedownReason"],
  });
export type DecisionInput = z.infer<typeof decisionSchema>;

export const caseAnswerSchema = z.object({ message: z.string().trim().max(8000).default("") });

/** What the artist is told when a case opens: what is alleged and what to do, in plain words. */
export function caseNotice(c: { reference: string; store: string; tracks: number; deadline: string }) {
  const values = { store: c.store, count: c.tracks, reference: c.reference, deadline: c.deadline };
  return { title: t("case.notice.openedTitle", values), body: t("case.notice.opened", values) };
}

// --- Early warnings -------------------------------------------------------------------------

export const ANOMALY_KINDS = ["spike", "concentration", "listener_ratio"] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];
export const ANOMALY_LABELS: Readonly<Record<AnomalyKind, string>> = labelsAt("case.anomaly", ANOMALY_KINDS);

/** Thresholds for the warnings: chosen so a planted bot pattern shows and a good week does not. */
export const ANOMALY_RULES = {
  /** Below this many streams in the window, nothing is said: small numbers swing. */
  minStreams: 1000,
  /** A day at this multiple of the median of the days before it, with at least `priorDays` of them. */
  spikeFactor: 5,
  priorDays: 7,
  /** One store and country holding this share of the window's streams… */
  concentrationShare: 0.8,
  /** …where it held at most this share before, over at least `minStreams` of history. */
  historyShare: 0.3,
  /** Streams per listener this many times the catalogue's norm, or below it by the same factor. */
  ratioFactor: 3,
  /** Tracks needed for the catalogue's own norm… */
  normTracks: 5,
  /** …else this: about what streaming services report for an ordinary track's month. */
  typicalStreamsPerListener: 2.5,
} as const;

export interface DayFigures {
  day: string;
  streams: number;
  listeners: number;
}
export interface PlaceFigures {
  store: string;
  country: string;
  windowStreams: number;
  historyStreams: number;
}
export interface Anomaly {
  kind: AnomalyKind;
  /** The day it was seen (a spike), else the window's first day. */
  day: string;
  store: string;
  country: string;
  figures: Record<string, number>;
  message: string;
}

const median = (values: number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const fmt = (n: number) => Math.round(n).toLocaleString("en-IN");

/**
 * Streams per listener of the catalogue: the median over the report's tracks with enough streams to
 * say. With fewer than `normTracks` of them a median says little, and the typical figure stands in.
 */
export function catalogueNorm(tracks: { streams: number; listeners: number }[]): number {
  const ratios = tracks
    .filter((t) => t.streams >= ANOMALY_RULES.minStreams && t.listeners > 0)
    .map((t) => t.streams / t.listeners);
  return ratios.length >= ANOMALY_RULES.normTracks ? median(ratios) : ANOMALY_RULES.typicalStreamsPerListener;
}

/**
 * One track's warnings for the days a report brought (`windowFrom` on), read against its own history
 * (the days before) and the catalogue's norm of streams per listener.
 */
export function detectAnomalies(input: {
  days: DayFigures[];
  windowFrom: string;
  places: PlaceFigures[];
  norm: number;
}): Anomaly[] {
  const found: Anomaly[] = [];
  const days = [...input.days].sort((a, b) => a.day.localeCompare(b.day));
  const windowDays = days.filter((d) => d.day >= input.windowFrom);
  const windowStreams = windowDays.reduce((s, d) => s + d.streams, 0);
  const windowListeners = windowDays.reduce((s, d) => s + d.listeners, 0);
  if (windowStreams < ANOMALY_RULES.minStreams) return found;

  // A sudden spike: a day far above the median of the days before it (its biggest, once).
  let spike: { day: DayFigures; before: number } | null = null;
  for (const d of windowDays) {
    const prior = days.filter((p) => p.day < d.day && daysBetween(p.day, d.day) <= 14).map((p) => p.streams);
    if (prior.length < ANOMALY_RULES.priorDays) continue;
    const before = median(prior);
    if (d.streams >= ANOMALY_RULES.minStreams / 2 && d.streams >= Math.max(1, before) * ANOMALY_RULES.spikeFactor) {
      if (!spike || d.streams > spike.day.streams) spike = { day: d, before };
    }
  }
  if (spike) {
    found.push({
      kind: "spike",
      day: spike.day.day,
      store: "",
      country: "",
      figures: { streams: spike.day.streams, typical: Math.round(spike.before) },
      message: "",
    });
  }

  // One store and country holding nearly all the window's streams, where it held little before.
  const historyTotal = input.places.reduce((s, p) => s + p.historyStreams, 0);
  const top = [...input.places].sort((a, b) => b.windowStreams - a.windowStreams)[0];
  if (top && historyTotal >= ANOMALY_RULES.minStreams) {
    const share = top.windowStreams / windowStreams;
    const before = top.historyStreams / historyTotal;
    if (share >= ANOMALY_RULES.concentrationShare && before <= ANOMALY_RULES.historyShare) {
      found.push({
        kind: "concentration",
        day: input.windowFrom,
        store: top.store,
        country: top.country,
        figures: {
          streams: top.windowStreams,
          sharePercent: Math.round(share * 100),
          historyPercent: Math.round(before * 100),
        },
        message: "",
      });
    }
  }

  // Streams per listener far from the catalogue's norm (many plays by few accounts, or the reverse).
  if (input.norm > 0 && windowListeners > 0) {
    const ratio = windowStreams / windowListeners;
    if (ratio >= input.norm * ANOMALY_RULES.ratioFactor || ratio <= input.norm / ANOMALY_RULES.ratioFactor) {
      found.push({
        kind: "listener_ratio",
        day: input.windowFrom,
        store: "",
        country: "",
        figures: { streamsPerListener100: Math.round(ratio * 100), norm100: Math.round(input.norm * 100) },
        message: "",
      });
    }
  }
  return found.map((a) => ({ ...a, message: anomalyMessage(a) }));
}

/** A figure kept in hundredths (2.45 as 245), as one decimal ("2.5"). */
const oneDecimal = (hundredths: number) => (Math.round(hundredths / 10) / 10).toFixed(1);

/**
 * What a warning saw, in the reader's language, from its stored figures (issue 39): the artist and the
 * admins read the same figures each in their own language.
 */
export function anomalyMessage(a: Pick<Anomaly, "kind" | "day" | "store" | "country" | "figures">): string {
  const f = (name: string) => a.figures[name] ?? 0;
  switch (a.kind) {
    case "spike":
      return t("case.saw.spike", { streams: fmt(f("streams")), day: a.day, typical: fmt(f("typical")) });
    case "concentration":
      return t("case.saw.concentration", {
        share: `${f("sharePercent")}%`,
        streams: fmt(f("streams")),
        store: a.store,
        country: a.country,
        before: `${f("historyPercent")}%`,
      });
    case "listener_ratio":
      return t("case.saw.ratio", {
        ratio: oneDecimal(f("streamsPerListener100")),
        norm: oneDecimal(f("norm100")),
      });
  }
}

/** The plain warning the artist reads beside the figures. */
/** What an early warning advises, in the reader's language. */
export const anomalyAdvice = () => t("case.advice");
