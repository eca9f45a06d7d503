import { z } from "zod";
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
export const SPLIT_ROLE_LABELS: Record<SplitRole, string> = {
  artist: "Artist",
  featured_artist: "Featured artist",
  producer: "Producer",
  songwriter: "Songwriter",
  composer: "Composer",
  lyricist: "Lyricist",
  label: "Label",
  engineer: "Mixing / mastering engineer",
  other: "Other",
};

/** At most this many saved split templates per artist: a picker, not a database. */
export const MAX_SPLIT_TEMPLATES = 50;

/** A one-time code proving control of an invited address or number: how long it works, how many guesses and sends. */
export const INVITE_CODE_MINUTES = 15;
export const INVITE_CODE_MAX_ATTEMPTS = 5;
export const INVITE_CODES_PER_DAY = 5;

/** Invites that send mail or texts to people who never asked for them are bounded (issue 33). */
export const INVITE_LIMITS = { perAccountPerHour: 20, perAccountPerDay: 50, perRecipientPerDay: 3 } as const;

export const SPLIT_MESSAGES = {
  sumNot100: (sum: string) => `Shares must add up to exactly 100 % (they add up to ${sum} %).`,
  badPercent: "Enter a share between 0 and 100 with at most two decimals.",
  contactRequired: "Enter an e-mail address or an Indian mobile number for each collaborator.",
  badEmail: "Enter a valid e-mail address.",
  badPhone: "Enter a 10-digit Indian mobile number (optionally with +91).",
  nameRequired: "Enter the collaborator's name.",
  ownerOnce: "You appear once on a split sheet: your own row.",
  duplicateCollaborator: "Each collaborator appears once on a sheet.",
  badRecoupment:
    "The recoupment must name a collaborator on this sheet and an amount in whole rupees and paise above zero.",
  badEffectiveFrom: "Enter the date the split takes effect (YYYY-MM-DD).",
  pastEffectiveFrom: "A split cannot start before today: earnings already posted keep the split they were posted with.",
  notYourTrack: "Track not found.",
  savedTitle: "Split saved",
  templateNameRequired: 'Name the template, e.g. "Band with Ravi".',
  templateNameLong: "Keep the template's name under 60 characters.",
  templateSaved: (name: string) => `Saved as the template "${name}".`,
  tooManyTemplates: `You can keep up to ${MAX_SPLIT_TEMPLATES} templates: delete one you no longer use first.`,
  templateNotFound: "Template not found.",
  saved: (count: number) =>
    `Invites go to ${count} collaborator${count === 1 ? "" : "s"} who ${count === 1 ? "has" : "have"} not accepted yet.`,
  inviteNotFound: "This invite link is not valid. Ask the artist to send it again.",
  inviteAccepted: "This invite has already been accepted.",
  inviteOwnSplit: "This invite is for a collaborator, not for the owner of the release.",
  acceptedTitle: "Invite accepted",
  wrongAccount: (hint: string) =>
    `This invite was sent to ${hint}: sign in with that address, or send a code there to prove it is yours.`,
  proofRequired: (hint: string) => `To accept, prove that ${hint} is yours: send a code there and enter it below.`,
  codeSent: (hint: string) => `We sent a 6-digit code to ${hint}. It works for ${INVITE_CODE_MINUTES} minutes.`,
  codeWrong: "That code is not right, or it has expired. Send a new code and try again.",
  codeLimit: "Too many codes were asked for this invite today. Try again tomorrow.",
  smsFailed: "We could not send the text just now. Try again in a few minutes.",
  inviteLimitAccount: `You can invite up to ${INVITE_LIMITS.perAccountPerHour} new collaborators an hour and ${INVITE_LIMITS.perAccountPerDay} a day. Try again later.`,
  inviteLimitRecipient: (contact: string) =>
    `${contact} has been invited too often today. Try again tomorrow, or ask them to sign up and share their address.`,
  accepted: (held: string) => `You are on the split sheet. ${held} held for you has been added to your balance.`,
} as const;

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
    name: z.string().trim().min(1, SPLIT_MESSAGES.nameRequired).max(120),
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
    effectiveFrom: z.string().refine(isIsoDate, SPLIT_MESSAGES.badEffectiveFrom),
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
    name: z.string().trim().min(1, SPLIT_MESSAGES.templateNameRequired).max(60, SPLIT_MESSAGES.templateNameLong),
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
