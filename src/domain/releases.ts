import { z } from "zod";
import { AI_ANSWERS, AI_LEVELS, AI_MESSAGES, aiDeclared } from "./ai-disclosure";
import { performanceLanguageSchema } from "./credits";
import { labelsAt, t } from "./i18n";
import { isValidUpcEan } from "./identifiers";
import { RELEASE_TYPE_LABELS, RELEASE_TYPES } from "./release-types";
import { titleScriptProblem } from "./scripts";
import { MAX_TRACKS, trackInputSchema, trackListProblem } from "./tracks";
import { uploadIdSchema } from "./uploads";
import { isHttpUrl } from "./urls";

export { isHttpUrl };

export const RELEASE_STATUSES = ["pending_review", "live", "rejected", "taken_down"] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  get pending_review() {
    return t("release.status.pending_review");
  },
  get live() {
    return t("release.status.live");
  },
  get rejected() {
    return t("release.status.rejected");
  },
  get taken_down() {
    return t("release.status.taken_down");
  },
};

export { RELEASE_TYPE_LABELS, RELEASE_TYPES, type ReleaseType } from "./release-types";

/** Unknown statuses are shown raw (product §4). */
export function releaseStatusLabel(status: string): string {
  return (RELEASE_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/**
 * What the artist reads about an approved release follows the stores, not the `live` status value
 * (issue 33: "Live" showed at approval, beside "Waiting for payment" and "Goes live 24 Dec"): waiting
 * for payment wins over all; then Live once a store accepted it and its date has come; Scheduled
 * while its date is ahead; else Approved. Other statuses read as their label.
 */
export const ARTIST_RELEASE_STATES = [
  "pending_review",
  "rejected",
  "taken_down",
  "waiting_payment",
  "approved",
  "scheduled",
  "live",
] as const;
export type ArtistReleaseState = (typeof ARTIST_RELEASE_STATES)[number];

export function artistReleaseState(
  release: { status: string; releaseDate: string; waitingPayment: boolean; acceptedByAStore: boolean },
  today: string,
): ArtistReleaseState {
  if (release.status !== "live") {
    return (ARTIST_RELEASE_STATES as readonly string[]).includes(release.status)
      ? (release.status as ArtistReleaseState)
      : "pending_review";
  }
  if (release.waitingPayment) return "waiting_payment";
  if (release.releaseDate > today) return "scheduled";
  return release.acceptedByAStore ? "live" : "approved";
}

/** "Scheduled — goes live 24 Dec 2026"; `formatDate` is the screen's or the mail's. */
export function artistReleaseLabel(
  state: ArtistReleaseState,
  releaseDate: string,
  formatDate: (isoDate: string) => string,
): string {
  switch (state) {
    case "waiting_payment":
      return t("release.state.waitingPayment");
    case "scheduled":
      return t("release.state.scheduled", { date: formatDate(releaseDate) });
    case "approved":
      return t("release.state.approved");
    case "live":
      return t("release.state.live");
    default:
      return releaseStatusLabel(state);
  }
}

/** Unknown types fall back to Single (product §3). */
export function releaseTypeLabel(type: string): string {
  return (RELEASE_TYPE_LABELS as Record<string, string>)[type] ?? RELEASE_TYPE_LABELS.single;
}

/** A toast's title and description, as the spec pairs them (§5, §8). */
export interface Notice {
  title: string;
  description: string;
}

/** A notice's two parts, each a message under the notice's key. */
const NOTICE_PARTS = ["title", "description"] as const;

export const RELEASE_NOTICES = {
  missing: labelsAt("release.notice.missing", NOTICE_PARTS),
  invalidAudio: labelsAt("release.notice.invalidAudio", NOTICE_PARTS),
  invalidArtwork: labelsAt("release.notice.invalidArtwork", NOTICE_PARTS),
  invalidUpc: labelsAt("release.notice.invalidUpc", NOTICE_PARTS),
  invalidDate: labelsAt("release.notice.invalidDate", NOTICE_PARTS),
  uploaded: (title: string): Notice => ({
    title: t("release.notice.uploadedTitle"),
    description: t("release.notice.uploaded", { title }),
  }),
  /** Submitted with files the form had already shown as refused by stores (issue 33). */
  submittedWithProblems: (title: string): Notice => ({
    title: t("release.notice.submittedWithProblemsTitle"),
    description: t("release.notice.submittedWithProblems", { title }),
  }),
  get discardTitle() {
    return t("release.notice.discardTitle");
  },
  get discard() {
    return t("release.notice.discard");
  },
  get uploadFailedTitle() {
    return t("release.notice.uploadFailedTitle");
  },
  get uploadFailed() {
    return t("release.notice.uploadFailed");
  },
  get fetchFailedTitle() {
    return t("release.notice.fetchFailedTitle");
  },
  get updatedTitle() {
    return t("release.notice.updatedTitle");
  },
  get resubmittedTitle() {
    return t("release.notice.resubmittedTitle");
  },
  resubmitted: (title: string) => t("release.notice.resubmitted", { title }),
  get withdrawnTitle() {
    return t("release.notice.withdrawnTitle");
  },
  get notEditable() {
    return t("release.notice.notEditable");
  },
  /** Deleting would erase posted earnings (and the ledger built on them). */
  get hasEarnings() {
    return t("release.notice.hasEarnings");
  },
} as const;

const ALL_NOTICES: Notice[] = [
  RELEASE_NOTICES.missing,
  RELEASE_NOTICES.invalidAudio,
  RELEASE_NOTICES.invalidArtwork,
  RELEASE_NOTICES.invalidUpc,
  RELEASE_NOTICES.invalidDate,
];
/** The notice whose description a validation message is. */
export function noticeFor(message: string): Notice | undefined {
  return ALL_NOTICES.find((n) => n.description === message);
}

/**
 * When a release goes live on its date: at midnight in each country (stores' usual way), or at one
 * moment everywhere, midnight in India (fans abroad get it the evening before, all together).
 */
export const RELEASE_TIMINGS = ["local", "global"] as const;
export type ReleaseTiming = (typeof RELEASE_TIMINGS)[number];
export const RELEASE_TIMING_LABELS: Record<ReleaseTiming, string> = {
  get local() {
    return t("release.timing.local");
  },
  get global() {
    return t("release.timing.global");
  },
};

/** The moment a date starts for a release timing: a zone-less local midnight, or India's midnight in UTC. */
export function releaseMoment(date: string, timing: ReleaseTiming): string {
  return timing === "global" ? new Date(`${date}T00:00:00+05:30`).toISOString() : `${date}T00:00:00`;
}

/**
 * An artist's release upload (product §5), checked in the spec's order: required fields, audio URL,
 * artwork URL; then what we add: a UPC/EAN check digit when one is given, and a real date.
 */
export const releaseInputSchema = z
  .object({
    title: z.string().trim().max(200),
    /** The title in Latin letters, when it is written in an Indian script (issue 39): stores need both. */
    titleLatin: z.string().trim().max(200).default(""),
    artistName: z.string().trim().max(200),
    releaseType: z.enum(RELEASE_TYPES).default("single"),
    releaseDate: z.string().trim().max(10),
    /** Music released before (a past release date): when it first came out. Empty for new music. */
    originalReleaseDate: z.string().trim().max(10).default(""),
    genre: z.string().trim().max(60).default(""),
    /** The language sung on the release (DDEX LanguageOfPerformance); empty: not said. */
    language: performanceLanguageSchema,
    /** The label it comes out on, named in the (P) and (C) lines; empty: the artist's own release. */
    labelName: z.string().trim().max(200).default(""),
    /** When on the release date it goes live: midnight in each country, or one moment everywhere. */
    releaseTiming: z.enum(RELEASE_TIMINGS).default("local"),
    /** Pre-orders open on this date (before the release date); empty: no pre-order. Pro and Label plans. */
    preOrderDate: z.string().trim().max(10).default(""),
    /** Instant-grat tracks can be heard from this date, during the pre-order; empty: none. */
    instantGratDate: z.string().trim().max(10).default(""),
    /** Did AI make any part of it? "no" declares it all human; "yes" is followed by the answers. */
    aiUsed: z.enum(AI_ANSWERS).optional(),
    /** How much of the artwork AI made; null: not declared yet. */
    artworkAi: z.enum(AI_LEVELS).nullable().default(null),
    upcEan: z.string().trim().max(13).default(""),
    isExplicit: z.boolean().default(false),
    audioFileUrl: z.string().trim().max(2048).default(""),
    coverArtUrl: z.string().trim().max(2048).default(""),
    /** A finished upload (issue 17): the main way in. When given, the link beside it is not used. */
    audioUploadId: uploadIdSchema,
    coverArtUploadId: uploadIdSchema,
    /** Empty: one track named after the release. Track 1's audio is always the release's audio. */
    tracks: z
      .array(trackInputSchema)
      .max(MAX_TRACKS + 1)
      .default([]),
  })
  .superRefine((v, ctx) => {
    const fail = (notice: Notice, path: string) =>
      ctx.addIssue({ code: "custom", message: notice.description, path: [path] });
    const hasAudio = v.audioUploadId || v.audioFileUrl;
    const hasArtwork = v.coverArtUploadId || v.coverArtUrl;
    if (!v.title || !v.artistName || !v.releaseDate || !hasAudio || !hasArtwork) {
      return fail(RELEASE_NOTICES.missing, "title");
    }
    if (!v.audioUploadId && !isHttpUrl(v.audioFileUrl)) return fail(RELEASE_NOTICES.invalidAudio, "audioFileUrl");
    if (!v.coverArtUploadId && !isHttpUrl(v.coverArtUrl)) return fail(RELEASE_NOTICES.invalidArtwork, "coverArtUrl");
    if (v.upcEan && !isValidUpcEan(v.upcEan)) return fail(RELEASE_NOTICES.invalidUpc, "upcEan");
    if (!isIsoDate(v.releaseDate)) return fail(RELEASE_NOTICES.invalidDate, "releaseDate");
    // Music in its own script: the Latin form beside it, one script, no translation in the title.
    const script = titleScriptProblem(v.title, v.titleLatin);
    if (script) ctx.addIssue({ code: "custom", message: script.message, path: [script.field] });
    if (v.originalReleaseDate && (!isIsoDate(v.originalReleaseDate) || v.originalReleaseDate > v.releaseDate)) {
      ctx.addIssue({ code: "custom", message: RELEASE_DATE_MESSAGES.originalInvalid, path: ["originalReleaseDate"] });
    }
    const trackProblem = trackListProblem(v.releaseType, v.tracks);
    if (trackProblem) ctx.addIssue({ code: "custom", message: trackProblem, path: ["tracks"] });
    // Stores ask; so do we, before anything is submitted (issue 40).
    if (!aiDeclared(v.aiUsed, v.artworkAi, v.tracks))
      ctx.addIssue({ code: "custom", message: AI_MESSAGES.required, path: ["aiUsed"] });
    const scheduleProblem = preOrderProblem(v);
    if (scheduleProblem)
      ctx.addIssue({ code: "custom", message: scheduleProblem.message, path: [scheduleProblem.field] });
    // A compilation gathers other artists' recordings: each track names its own artist, and the
    // label that puts it out holds the rights lines (never "Various Artists").
    if (v.releaseType === "compilation") {
      if (!v.labelName)
        ctx.addIssue({ code: "custom", message: COMPILATION_MESSAGES.labelRequired, path: ["labelName"] });
      if (!v.tracks.length || v.tracks.some((t) => !t.artistName))
        ctx.addIssue({ code: "custom", message: COMPILATION_MESSAGES.trackArtistRequired, path: ["tracks"] });
    }
  });
export type ReleaseInput = z.input<typeof releaseInputSchema>;

/** A release put together through the API in steps (issue 38): what its refusals say. */
export const DRAFT_MESSAGES = labelsAt("draft.msg", ["notFound", "submitted", "incomplete"]);
/** As stored: an upload replaces its link, so a release never carries both for one file. */
export type ReleaseData = z.output<typeof releaseInputSchema>;

export const PRE_ORDER_MESSAGES = {
  get preOrderLabel() {
    return t("release.preOrder.preOrderLabel");
  },
  get instantGratLabel() {
    return t("release.preOrder.instantGratLabel");
  },
  get hint() {
    return t("release.preOrder.hint");
  },
  get planOnly() {
    return t("release.preOrder.planOnly");
  },
  get preOrderInvalid() {
    return t("release.preOrder.preOrderInvalid");
  },
  get instantGratInvalid() {
    return t("release.preOrder.instantGratInvalid");
  },
  get instantGratNeedsPreOrder() {
    return t("release.preOrder.instantGratNeedsPreOrder");
  },
  get instantGratTracks() {
    return t("release.preOrder.instantGratTracks");
  },
  instantGratTrackLabel: (n: number) => t("release.preOrder.instantGratTrack", { n }),
} as const;

/** The first problem with a release's pre-order and instant-grat dates, and the field it belongs to. */
export function preOrderProblem(v: {
  releaseDate: string;
  preOrderDate: string;
  instantGratDate: string;
  tracks: readonly { instantGrat?: boolean }[];
}): { field: "preOrderDate" | "instantGratDate"; message: string } | undefined {
  const igTracks = v.tracks.filter((t) => t.instantGrat).length;
  if (v.preOrderDate && (!isIsoDate(v.preOrderDate) || v.preOrderDate >= v.releaseDate))
    return { field: "preOrderDate", message: PRE_ORDER_MESSAGES.preOrderInvalid };
  if ((v.instantGratDate || igTracks) && !v.preOrderDate)
    return { field: "instantGratDate", message: PRE_ORDER_MESSAGES.instantGratNeedsPreOrder };
  if (
    v.instantGratDate &&
    (!isIsoDate(v.instantGratDate) || v.instantGratDate < v.preOrderDate || v.instantGratDate >= v.releaseDate)
  )
    return { field: "instantGratDate", message: PRE_ORDER_MESSAGES.instantGratInvalid };
  if ((v.instantGratDate && (igTracks === 0 || igTracks === v.tracks.length)) || (igTracks && !v.instantGratDate))
    return { field: "instantGratDate", message: PRE_ORDER_MESSAGES.instantGratTracks };
  return undefined;
}

/** Whether a release asks for what only some plans include. */
export function usesPreOrders(v: { preOrderDate: string; instantGratDate: string }): boolean {
  return Boolean(v.preOrderDate || v.instantGratDate);
}

/** What a compilation needs that other releases do not. */
export const COMPILATION_MESSAGES = {
  get labelRequired() {
    return t("release.compilation.labelRequired");
  },
  get trackArtistRequired() {
    return t("release.compilation.trackArtistRequired");
  },
  get labelHint() {
    return t("release.compilation.labelHint");
  },
  get trackArtistHint() {
    return t("release.compilation.trackArtistHint");
  },
} as const;

/** A release date that has passed: was the music out before? (issue 21) */
export const RELEASE_DATE_MESSAGES = {
  get pastQuestion() {
    return t("release.date.pastQuestion");
  },
  get newMusic() {
    return t("release.date.newMusic");
  },
  get releasedBefore() {
    return t("release.date.releasedBefore");
  },
  get originalLabel() {
    return t("release.date.originalLabel");
  },
  get originalRequired() {
    return t("release.date.originalRequired");
  },
  get originalInvalid() {
    return t("release.date.originalInvalid");
  },
} as const;

/** True when a YYYY-MM-DD date is before today (the form asks whether the music was out before). */
export function isPastDate(value: string, today: string): boolean {
  return isIsoDate(value) && value < today;
}

/** Dates we accept anywhere (releases, reports, ranges): recorded music, not year 1 or year 9999. */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;

/** A calendar date written YYYY-MM-DD that exists, between 1900 and 2999. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false;
  // Arithmetic, not a Date: a store report checks a million of these.
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : (DAYS_IN_MONTH[month - 1] ?? 0));
}
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * A release waiting for review may be edited or withdrawn by its artist; so may a rejected one,
 * which an edit sends back for review (issue 21: fix and resubmit instead of retyping it).
 */
export function artistMayChange(status: string): boolean {
  return status === "pending_review" || status === "rejected";
}

/** The entries of a release's history, and how the artist's release page words them. */
export const RELEASE_EVENT_KINDS = ["submitted", "resubmitted", "approved", "rejected", "taken_down"] as const;
export type ReleaseEventKind = (typeof RELEASE_EVENT_KINDS)[number];
export const RELEASE_EVENT_LABELS: Record<ReleaseEventKind, string> = {
  get submitted() {
    return t("release.event.submitted");
  },
  get resubmitted() {
    return t("release.event.resubmitted");
  },
  get approved() {
    return t("release.event.approved");
  },
  get rejected() {
    return t("release.event.rejected");
  },
  get taken_down() {
    return t("release.event.taken_down");
  },
};

/** What an admin can do to a release, and from which statuses (product §4). */
export const RELEASE_ACTIONS = {
  approve: { to: "live", from: ["pending_review", "rejected", "taken_down"] },
  reject: { to: "rejected", from: ["pending_review"] },
  takeDown: { to: "taken_down", from: ["live"] },
} as const satisfies Record<string, { to: ReleaseStatus; from: readonly ReleaseStatus[] }>;
export type ReleaseAction = keyof typeof RELEASE_ACTIONS;

export function canApplyReleaseAction(action: ReleaseAction, status: string): boolean {
  return (RELEASE_ACTIONS[action].from as readonly string[]).includes(status);
}

/** A rejection carries a note the artist reads (issue 21): there is no silent default any more. */
export const rejectReleaseSchema = z.object({
  notes: z
    .string()
    .trim()
    .min(1, { error: () => t("release.msg.rejectNote") })
    .max(2000),
});

export const ADMIN_RELEASE_MESSAGES = {
  get approveConfirm() {
    return t("adminRel.msg.approveConfirm");
  },
  get rejectNoteRequired() {
    return t("adminRel.msg.rejectNoteRequired");
  },
  get manualRequired() {
    return t("adminRel.msg.manualRequired");
  },
  get audioMissing() {
    return t("adminRel.msg.audioMissing");
  },
  get cannotApproveWithoutAudio() {
    return t("adminRel.msg.cannotApproveWithoutAudio");
  },
  notAllowed: (action: ReleaseAction, status: string) =>
    `A release that is ${releaseStatusLabel(status)} cannot be ${action === "takeDown" ? "taken down" : `${action}d`}.`,
  get downloadNotHttp() {
    return t("adminRel.msg.downloadNotHttp");
  },
  get manualUploadFailedTitle() {
    return t("adminRel.msg.manualUploadFailedTitle");
  },
  get actionFailedTitle() {
    return t("ui.actionFailed");
  },
};

/** The admin's manual upload (product §5): title, artist, UPC (with a correct check digit) and date required. */
export const manualReleaseSchema = z
  .object({
    title: z.string().trim().max(200),
    artistName: z.string().trim().max(200),
    upcEan: z.string().trim().max(13),
    releaseDate: z.string().trim().max(10),
    releaseType: z.enum(RELEASE_TYPES).default("single"),
    genre: z.string().trim().max(60).default(""),
    isExplicit: z.boolean().default(false),
    audioFileUrl: z.string().trim().max(2048).default(""),
    coverArtUrl: z.string().trim().max(2048).default(""),
  })
  .superRefine((v, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (!v.title || !v.artistName || !v.upcEan || !v.releaseDate)
      return fail(ADMIN_RELEASE_MESSAGES.manualRequired, "title");
    if (!isValidUpcEan(v.upcEan)) return fail(RELEASE_NOTICES.invalidUpc.description, "upcEan");
    if (!isIsoDate(v.releaseDate)) return fail(RELEASE_NOTICES.invalidDate.description, "releaseDate");
    if (v.audioFileUrl && !isHttpUrl(v.audioFileUrl))
      return fail(RELEASE_NOTICES.invalidAudio.description, "audioFileUrl");
    if (v.coverArtUrl && !isHttpUrl(v.coverArtUrl))
      return fail(RELEASE_NOTICES.invalidArtwork.description, "coverArtUrl");
  });
export type ManualReleaseInput = z.input<typeof manualReleaseSchema>;

/** Edit Metadata (product §4): these five fields; any of the four statuses may be set directly. */
export const releaseMetadataSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: () => RELEASE_NOTICES.missing.description })
    .max(200),
  artistName: z
    .string()
    .trim()
    .min(1, { error: () => RELEASE_NOTICES.missing.description })
    .max(200),
  releaseDate: z
    .string()
    .trim()
    .refine(isIsoDate, { error: () => RELEASE_NOTICES.invalidDate.description }),
  status: z.enum(RELEASE_STATUSES),
  upcEan: z
    .string()
    .trim()
    .refine((v) => v === "" || isValidUpcEan(v), { error: () => RELEASE_NOTICES.invalidUpc.description }),
});
export type ReleaseMetadataInput = z.input<typeof releaseMetadataSchema>;

/**
 * Whether stores must mark the release explicit: when the artist said so, or when any of its tracks
 * is explicit (an album with one explicit song is an explicit album at every store).
 */
export function isExplicitRelease(release: { isExplicit: boolean }, tracks: readonly { isExplicit: boolean }[]) {
  return release.isExplicit || tracks.some((t) => t.isExplicit);
}
