// One payee model (issues 19 and 34). In India: legal name, PAN, and a bank account + IFSC or a UPI ID,
// validated through the payout provider, which says whose account it is; a name that does not match
// holds payouts until an admin reviews it. Outside India: a bank transfer or PayPal with a US tax form,
// paid by hand. PAN and account number are encrypted at rest; only their last four are readable.

import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { t } from "#domain/i18n";
import {
  type KycStatus,
  namesMatch,
  PAYOUT_MESSAGES,
  type PayeeDetails,
  type PayeeDetailsInput,
  type PayeeMethod,
  type PayeeResidence,
  payeeDetailsSchema,
  type TaxForm,
} from "#domain/payouts";
import { SECRET_CHANGED } from "#domain/workspaces";
import type { Db } from "#server/db/client";
import { payoutAccounts, payouts, users } from "#server/db/schema";
import { type AuditActor, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import type { Encryptor } from "#server/lib/encryption";
import type { Payouts } from "#server/lib/payout-provider";

/** Saving details needs only the provider's account validation. */
type Deps = { db: Db; encryptor: Encryptor; payouts: Pick<Payouts, "provider"> };
type Row = typeof payoutAccounts.$inferSelect;

/** What the payee (and the admin) may see: never a full PAN or account number. */
const view = (row: Row | undefined) =>
  row
    ? {
        residence: row.residence as PayeeResidence,
        method: row.method as PayeeMethod,
        legalName: row.legalName ?? "",
        panLast4: row.panLast4,
        accountLast4: row.accountNumberLast4,
        ifsc: row.ifsc,
        upiId: row.upiId,
        routingNumber: row.routingNumber,
        bankName: row.bankName,
        paypalEmail: row.paypalEmail,
        taxForm: row.taxForm as TaxForm | null,
        /** The provider's verdict in India; null when nobody checked (abroad, or details from before KYC). */
        status: (row.kycStatus as KycStatus | null) ?? null,
        registeredName: row.registeredName,
        checkedAt: row.kycCheckedAt?.toISOString() ?? null,
      }
    : null;
export type PayeeDetailsView = NonNullable<ReturnType<typeof view>>;

export async function getPayeeDetails(db: Db, userId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return view(row);
}

const accountRequired = (message: string) =>
  new DomainError("invalid", "VALIDATION_ERROR", message, { fields: { accountNumber: message } });

/**
 * The account number to store: the one typed, or (left empty on an update) the one already stored for
 * the same kind of account. Switching between India and abroad, or to a bank from UPI/PayPal, needs it.
 */
function accountNumberFor(deps: Deps, existing: Row | undefined, input: PayeeDetails, message: string): string {
  if (input.accountNumber) return input.accountNumber;
  const sameKind = existing?.residence === input.residence && existing.method === input.method;
  if (!sameKind || !existing?.accountNumberEncrypted) throw accountRequired(message);
  return deps.encryptor.decrypt(existing.accountNumberEncrypted);
}

/** Nothing the other residence uses survives a save: one row, one set of details. */
const CLEARED = {
  accountNumberEncrypted: null,
  accountNumberLast4: null,
  routingNumber: null,
  bankName: null,
  paypalEmail: null,
  taxForm: null,
  ifsc: null,
  upiId: null,
  kycStatus: null,
  registeredName: null,
  kycCheckedAt: null,
  kycReviewedBy: null,
  providerContactId: null,
  providerFundAccountId: null,
} as const;

async function upsert(db: Db, userId: string, values: Partial<typeof payoutAccounts.$inferInsert>) {
  const row = { ...CLEARED, ...values } as typeof payoutAccounts.$inferInsert;
  await db
    .insert(payoutAccounts)
    .values({ ...row, userId })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: row });
}

/** Saves a payee's details: validated by the provider in India, kept for payment by hand abroad. */
/**
 * Saves where the workspace's royalties are paid, and records it in the audit log: who, what kind
 * of account and in whose name; an account number or PAN only as changed, never its value.
 */
export async function savePayeeDetails(deps: Deps, userId: string, input: PayeeDetailsInput, actor: AuditActor) {
  const [before] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  const saved = await writePayeeDetails(deps, userId, input);
  const [after] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  const visible = (row: typeof before) =>
    row
      ? {
          residence: row.residence,
          method: row.method,
          legalName: row.legalName,
          ifsc: row.ifsc,
          upiId: row.upiId,
          paypalEmail: row.paypalEmail,
          kycStatus: row.kycStatus,
        }
      : null;
  const secretChanged = (a: string | null | undefined, b: string | null | undefined) =>
    a !== b ? SECRET_CHANGED : undefined;
  await recordAudit(deps.db, {
    workspaceId: userId,
    actor,
    kind: "payee_details",
    action: before ? "changed" : "added",
    subjectId: userId,
    summary: [before ? "audit.s.payeeChanged" : "audit.s.payeeAdded"],
    before: visible(before),
    after: {
      ...visible(after),
      accountNumber: secretChanged(before?.accountNumberEncrypted, after?.accountNumberEncrypted),
      pan: secretChanged(before?.panEncrypted, after?.panEncrypted),
    },
  });
  return saved;
}

async function writePayeeDetails(deps: Deps, userId: string, input: PayeeDetailsInput) {
  const v = payeeDetailsSchema.parse(input);
  const [existing] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  if (v.residence === "abroad") {
    const accountNumber =
      v.method === "bankTransfer" ? accountNumberFor(deps, existing, v, PAYOUT_MESSAGES.badAccountNumberAbroad) : null;
    await upsert(deps.db, userId, {
      residence: "abroad",
      method: v.method,
      legalName: v.legalName,
      // A PAN given earlier stays: it still decides the TDS rate.
      panEncrypted: existing?.panEncrypted ?? null,
      panHash: existing?.panHash ?? null,
      panLast4: existing?.panLast4 ?? null,
      accountNumberEncrypted: accountNumber ? deps.encryptor.encrypt(accountNumber) : null,
      accountNumberLast4: accountNumber ? accountNumber.slice(-4) : null,
      routingNumber: v.method === "bankTransfer" ? v.routingNumber : null,
      bankName: v.method === "bankTransfer" ? v.bankName : null,
      paypalEmail: v.method === "paypal" ? v.paypalEmail : null,
      taxForm: v.taxForm,
    });
    return { details: await getPayeeDetails(deps.db, userId), message: PAYOUT_MESSAGES.savedAbroad };
  }

  const accountNumber =
    v.method === "bank" ? accountNumberFor(deps, existing, v, PAYOUT_MESSAGES.badAccountNumber) : "";
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  let validation: Awaited<ReturnType<Payouts["provider"]["validateAccount"]>>;
  try {
    validation = await deps.payouts.provider.validateAccount({
      referenceId: userId,
      legalName: v.legalName,
      email: user?.email ?? "",
      destination: v.method === "bank" ? { kind: "bank", accountNumber, ifsc: v.ifsc } : { kind: "upi", vpa: v.upiId },
    });
  } catch (err) {
    throw new DomainError(
      "unavailable",
      "PROVIDER_UNAVAILABLE",
      `The account could not be checked: ${(err as Error).message}`,
    );
  }
  const status: KycStatus = !validation.valid
    ? "invalid"
    : validation.registeredName && namesMatch(v.legalName, validation.registeredName)
      ? "verified"
      : "name_mismatch";
  await upsert(deps.db, userId, {
    residence: "india",
    method: v.method,
    legalName: v.legalName,
    panEncrypted: v.pan ? deps.encryptor.encrypt(v.pan) : (existing?.panEncrypted ?? null),
    panHash: v.pan ? deps.encryptor.digest(v.pan) : (existing?.panHash ?? null),
    panLast4: v.pan ? v.pan.slice(-4) : (existing?.panLast4 ?? null),
    accountNumberEncrypted: v.method === "bank" ? deps.encryptor.encrypt(accountNumber) : null,
    accountNumberLast4: v.method === "bank" ? accountNumber.slice(-4) : null,
    ifsc: v.method === "bank" ? v.ifsc : null,
    upiId: v.method === "upi" ? v.upiId : null,
    kycStatus: status,
    registeredName: validation.registeredName,
    kycCheckedAt: new Date(),
    providerContactId: validation.contactId,
    providerFundAccountId: validation.fundAccountId,
  });
  const message =
    status === "verified"
      ? PAYOUT_MESSAGES.verified(validation.registeredName ?? v.legalName)
      : status === "invalid"
        ? PAYOUT_MESSAGES.invalid
        : PAYOUT_MESSAGES.mismatch(validation.registeredName ?? "someone else", v.legalName);
  return { details: await getPayeeDetails(deps.db, userId), message };
}

/** An admin reviews a name mismatch and lets payouts go ahead (audited). */
export async function approvePayeeDetails(db: Db, userId: string, adminId: string) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payoutAccounts)
      .set({ kycStatus: "approved", kycReviewedBy: adminId })
      .where(eq(payoutAccounts.userId, userId))
      .returning();
    if (!updated) throw new DomainError("not_found", "NOT_FOUND", t("server.noPayeeDetails"));
    if (!updated.providerFundAccountId) throw new DomainError("conflict", "NOT_VALIDATED", t("server.neverValidated"));
    await recordAudit(tx, {
      workspaceId: userId,
      actor: adminId,
      kind: "payee_details",
      action: "payee_details.approved",
      subjectId: userId,
      summary: ["audit.s.payeeApproved"],
      before: { kycStatus: "name_mismatch" },
      after: { kycStatus: "approved" },
    });
    return view(updated);
  });
}

/**
 * PANs saved before their digests were kept (migration 0032) get one at start-up: the digest needs the
 * server's key, so SQL cannot make it. Cheap when there is nothing to do (one indexed-free scan of a
 * small table) and idempotent.
 */
export async function backfillPanHashes(deps: { db: Db; encryptor: Encryptor }): Promise<number> {
  const missing = await deps.db
    .select({ userId: payoutAccounts.userId, pan: payoutAccounts.panEncrypted })
    .from(payoutAccounts)
    .where(and(isNotNull(payoutAccounts.panEncrypted), isNull(payoutAccounts.panHash)));
  for (const row of missing) {
    if (!row.pan) continue;
    const hash = deps.encryptor.digest(deps.encryptor.decrypt(row.pan));
    await deps.db.update(payoutAccounts).set({ panHash: hash }).where(eq(payoutAccounts.userId, row.userId));
    await deps.db
      .update(payouts)
      .set({ panHash: hash })
      .where(and(eq(payouts.userId, row.userId), isNull(payouts.panHash)));
  }
  return missing.length;
}
