import { z } from "zod";
import { labelsAt, t } from "./i18n";
import { isIsoDate } from "./releases";

/**
 * Split sheets (issue 19): who shares a track's earnings after our plan share, and in what parts.
 * Shares are basis points (10,000 = 100 %), so a share has at most two decimals and sums are exact.
 * Amounts are whole paise. Everything here is pure: the server posts what these functions decide.
 */
export const FULL_SHARE_BP = 10_000;

export const SPLIT_ROLES = [
  "artist",
  "featured_artist",
  "producer",
  "songwriter",
  "composer",
  "lyricist",
  "label",
  "engineer",
  "other",
] as const;
export type SplitRole = (typeof SPLIT_ROLES)[number];
export const SPLIT_ROLE_LABELS: Readonly<Record<SplitRole, string>> = labelsAt("split.role", SPLIT_ROLES);

/** At most this many saved split templates per artist: a picker, not a database. */
export const MAX_SPLIT_TEMPLATES = 50;

/** A one-time code proving control of an invited address or number: how long it works, how many guesses and sends. */
export const INVITE_CODE_MINUTES = 15;
export const INVITE_CODE_MAX_ATTEMPTS = 5;
export const INVITE_CODES_PER_DAY = 5;

/** Invites that send mail or texts to people who never asked for them are bounded (issue 33). */
export const INVITE_LIMITS = { perAccountPerHour: 20, perAccountPerDay: 50, perRecipientPerDay: 3 } as const;

export const SPLIT_MESSAGES = Object.assign(
  labelsAt("split.msg", [
    "badPercent",
    "contactRequired",
    "badEmail",
    "badPhone",
    "nameRequired",
    "ownerOnce",
    "duplicateCollaborator",
    "badRecoupment",
    "badEffectiveFrom",
    "pastEffectiveFrom",
    "notYourTrack",
    "savedTitle",
    "templateNameRequired",
    "templateNameLong",
    "templateNotFound",
    "inviteNotFound",
    "inviteAccepted",
    "inviteOwnSplit",
    "acceptedTitle",
    "codeWrong",
    "codeLimit",
    "smsFailed",
  ]),
  {
    sumNot100: (sum: string) => t("split.msg.sumNot100", { sum }),
    templateSaved: (name: string) => t("split.msg.templateSaved", { name }),
    get tooManyTemplates() {
      return t("split.msg.tooManyTemplates", { max: MAX_SPLIT_TEMPLATES });
    },
    saved: (count: number) => t("split.msg.saved", { count }),
    wrongAccount: (hint: string) => t("split.msg.wrongAccount", { hint }),
    proofRequired: (hint: string) => t("split.msg.proofRequired", { hint }),
    codeSent: (hint: string) => t("split.msg.codeSent", { hint, minutes: INVITE_CODE_MINUTES }),
    get inviteLimitAccount() {
      return t("split.msg.inviteLimitAccount", {
        hour: INVITE_LIMITS.perAccountPerHour,
        day: INVITE_LIMITS.perAccountPerDay,
      });
    },
    inviteLimitRecipient: (contact: string) => t("split.msg.inviteLimitRecipient", { contact }),
    accepted: (held: string) => t("split.msg.accepted", { held }),
  },
);

/** "40", "33.33", 12.5 → basis points; null when not a share with at most two decimals in 0–100. */
export function percentToBp(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= FULL_SHARE_BP ? bp : null;
}

/** 4000 → "40", 3333 → "33.33". */
export function bpToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const cents = bp % 100;
  return cents ? `${whole}.${String(cents).padStart(2, "0").replace(/0$/, "")}` : String(whole);
}

const INDIAN_MOBILE = /^(?:\+?91[\s-]?)?([6-9]\d{9})$/;

/** An Indian mobile number as +91XXXXXXXXXX, or null. */
export function normaliseIndianMobile(text: string): string | null {
  const match = INDIAN_MOBILE.exec(text.replace(/[\s()-]/g, ""));
  return match ? `+91${match[1]}` : null;
}

const collaboratorSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: () => SPLIT_MESSAGES.nameRequired })
      .max(120),
    role: z.enum(SPLIT_ROLES),
    email: z.string().trim().toLowerCase().max(254).default(""),
    phone: z.string().trim().max(20).default(""),
    percent: z.union([z.string(), z.number()]),
    /** The owner's own row: no contact needed, keeps the rounding remainder. */
    isOwner: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (percentToBp(v.percent) === null) fail(SPLIT_MESSAGES.badPercent, "percent");
    if (v.isOwner) return;
    if (!v.email && !v.phone) return fail(SPLIT_MESSAGES.contactRequired, "email");
    if (v.email && !z.email().safeParse(v.email).success) fail(SPLIT_MESSAGES.badEmail, "email");
    if (v.phone && !normaliseIndianMobile(v.phone)) fail(SPLIT_MESSAGES.badPhone, "phone");
  });

type CollaboratorRow = z.output<typeof collaboratorSchema>;

/** The rules a sheet's rows keep together: the owner once, each collaborator once, shares summing to 100 %. */
function checkRows(rows: readonly CollaboratorRow[], ctx: z.RefinementCtx) {
  const fail = (message: string) => ctx.addIssue({ code: "custom", message, path: ["collaborators"] });
  if (rows.filter((c) => c.isOwner).length > 1) fail(SPLIT_MESSAGES.ownerOnce);
  const keys = rows.filter((c) => !c.isOwner).map((c) => c.email || normaliseIndianMobile(c.phone));
  if (new Set(keys).size !== keys.length) fail(SPLIT_MESSAGES.duplicateCollaborator);
  const bps = rows.map((c) => percentToBp(c.percent));
  if (bps.every((bp) => bp !== null)) {
    const sum = bps.reduce((s: number, bp) => s + (bp ?? 0), 0);
    if (sum !== FULL_SHARE_BP) fail(SPLIT_MESSAGES.sumNot100(bpToPercent(sum)));
  }
}

/** What the split form sends: the rows, an optional recoupment, when it applies, and to which tracks. */
export const splitSheetSchema = z
  .object({
    collaborators: z.array(collaboratorSchema).min(1).max(20),
    /** Index into collaborators of who is repaid first, and how much in total (whole paise, > 0). */
    recoupment: z
      .object({ collaboratorIndex: z.number().int().min(0), amountPaise: z.number() })
      .nullable()
      .default(null),
    effectiveFrom: z.string().refine(isIsoDate, { error: () => SPLIT_MESSAGES.badEffectiveFrom }),
    applyToAllTracks: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const fail = (message: string, path: (string | number)[]) => ctx.addIssue({ code: "custom", message, path });
    checkRows(v.collaborators, ctx);
    if (v.recoupment) {
      const { collaboratorIndex, amountPaise } = v.recoupment;
      if (
        !Number.isSafeInteger(amountPaise) ||
        amountPaise <= 0 ||
        !v.collaborators[collaboratorIndex] ||
        v.collaborators[collaboratorIndex]?.isOwner
      ) {
        fail(SPLIT_MESSAGES.badRecoupment, ["recoupment"]);
      }
    }
  });
export type SplitSheetInput = z.input<typeof splitSheetSchema>;

/**
 * A saved split template: collaborators who recur, with their roles and shares, to start a new
 * split from. Saving under a name already used replaces that template.
 */
export const splitTemplateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: () => SPLIT_MESSAGES.templateNameRequired })
      .max(60, { error: () => SPLIT_MESSAGES.templateNameLong }),
    collaborators: z.array(collaboratorSchema).min(1).max(20),
  })
  .superRefine((v, ctx) => checkRows(v.collaborators, ctx));
export type SplitTemplateInput = z.input<typeof splitTemplateSchema>;

/** One payee's part of one amount: their share, and what they were repaid first (recoupment). */
export interface PayeePart {
  payee: string;
  sharePaise: number;
  recoupmentPaise: number;
}

/**
 * Divides a net amount (after our plan share): first the recoupment payee is repaid up to what is
 * still owed to them, then the rest is divided by shares, each rounded down to the paisa, and the
 * owner keeps what rounding leaves (also when the owner's own share is 0). The parts always sum to
 * `netPaise` exactly and none is negative.
 */
export function allocate(
  netPaise: number,
  shares: readonly { payee: string; bp: number }[],
  owner: string,
  recoupment?: { payee: string; owedPaise: number } | null,
): PayeePart[] {
  if (!Number.isSafeInteger(netPaise) || netPaise < 0) throw new RangeError("an amount is whole paise, ≥ 0");
  const total = shares.reduce((s, x) => s + x.bp, 0);
  if (total !== FULL_SHARE_BP) throw new RangeError("shares must sum to 100 %");
  const recouped = recoupment ? Math.min(netPaise, Math.max(0, recoupment.owedPaise)) : 0;
  const rest = BigInt(netPaise - recouped);
  const parts = new Map<string, PayeePart>();
  const part = (payee: string) => {
    let p = parts.get(payee);
    if (!p) {
      p = { payee, sharePaise: 0, recoupmentPaise: 0 };
      parts.set(payee, p);
    }
    return p;
  };
  part(owner);
  let given = 0;
  for (const s of shares) {
    if (s.payee === owner) continue;
    const amount = Number((rest * BigInt(s.bp)) / BigInt(FULL_SHARE_BP));
    part(s.payee).sharePaise += amount;
    given += amount;
  }
  part(owner).sharePaise += Number(rest) - given;
  if (recoupment && recouped) part(recoupment.payee).recoupmentPaise += recouped;
  return [...parts.values()];
}

/**
 * A track's earnings in order (oldest first), divided piece by piece: each piece names the sheet in
 * force for it, and a sheet's recoupment is owed in total across the track's history (what a payee
 * was already repaid under an earlier version counts). Deterministic for the same input, whatever
 * order pieces were imported in: that is what makes a restatement repost exactly.
 */
export function allocateHistory<P extends { netPaise: number; sheet: SheetTerms | null }>(
  pieces: readonly P[],
  owner: string,
): { piece: P; parts: PayeePart[] }[] {
  const repaid = new Map<string, number>();
  return pieces.map((piece) => {
    const sheet = piece.sheet;
    if (!sheet) return { piece, parts: [{ payee: owner, sharePaise: piece.netPaise, recoupmentPaise: 0 }] };
    const r = sheet.recoupment;
    const owed = r ? Math.max(0, r.amountPaise - (repaid.get(r.payee) ?? 0)) : 0;
    const parts = allocate(piece.netPaise, sheet.shares, owner, r ? { payee: r.payee, owedPaise: owed } : null);
    for (const p of parts) if (p.recoupmentPaise) repaid.set(p.payee, (repaid.get(p.payee) ?? 0) + p.recoupmentPaise);
    return { piece, parts };
  });
}

export interface SheetTerms {
  shares: { payee: string; bp: number }[];
  recoupment: { payee: string; amountPaise: number } | null;
}

/** The sheet in force on a day: the latest effective on or before it (ties: the newest written). */
export function sheetInForce<S extends { effectiveFrom: string; createdAt: number }>(
  sheets: readonly S[],
  day: string,
): S | null {
  let best: S | null = null;
  for (const s of sheets) {
    if (s.effectiveFrom > day) continue;
    if (
      !best ||
      s.effectiveFrom > best.effectiveFrom ||
      (s.effectiveFrom === best.effectiveFrom && s.createdAt > best.createdAt)
    )
      best = s;
  }
  return best;
}

/** Invite reminders go out this many days after the invite, once each. */
export const INVITE_REMINDER_DAYS = [7, 30] as const;

/** "priya@example.com" → "p•••@example.com"; "+919876543210" → "+91•••••••210". */
export function maskContact(contact: string): string {
  if (contact.includes("@")) return contact.replace(/^(.).*(@.*)$/, "$1•••$2");
  return contact.replace(/^(\+\d{2})\d+(\d{3})$/, "$1•••••••$2");
}
