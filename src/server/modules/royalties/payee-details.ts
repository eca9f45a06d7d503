// Payee KYC (issue 19): legal name, PAN, and a bank account + IFSC or a UPI ID, validated through the
// payout provider, which says whose account it is. A name that does not match holds payouts until an
// admin reviews it. PAN and account number are encrypted at rest; only their last four are readable.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { type KycInput, type KycStatus, kycSchema, namesMatch, PAYOUT_MESSAGES } from "#domain/payouts";
import type { Db } from "#server/db/client";
import { adminAuditLog, payoutAccounts, payouts, users } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import type { Encryptor } from "#server/lib/encryption";
import type { Payouts } from "#server/lib/payout-provider";

/** Saving details needs only the provider's account validation. */
type Deps = { db: Db; encryptor: Encryptor; payouts: Pick<Payouts, "provider"> };
type Row = typeof payoutAccounts.$inferSelect;

const view = (row: Row | undefined) =>
  row?.kycMethod
    ? {
        legalName: row.legalName ?? "",
        panLast4: row.panLast4,
        method: row.kycMethod as "bank" | "upi",
        accountLast4: row.kycAccountLast4,
        ifsc: row.ifsc,
        upiId: row.upiId,
        status: (row.kycStatus ?? "unverified") as KycStatus,
        registeredName: row.registeredName,
        checkedAt: row.kycCheckedAt?.toISOString() ?? null,
      }
    : null;

export async function getPayeeDetails(db: Db, userId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return view(row);
}

export async function savePayeeDetails(deps: Deps, userId: string, input: KycInput) {
  const v = kycSchema.parse(input);
  const [existing] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  let accountNumber = v.accountNumber;
  if (v.method === "bank" && !accountNumber) {
    if (!existing?.kycAccountEncrypted) {
      throw new DomainError("invalid", "VALIDATION_ERROR", PAYOUT_MESSAGES.badAccountNumber, {
        fields: { accountNumber: PAYOUT_MESSAGES.badAccountNumber },
      });
    }
    accountNumber = deps.encryptor.decrypt(existing.kycAccountEncrypted);
  }
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
  const values = {
    legalName: v.legalName,
    panEncrypted: v.pan ? deps.encryptor.encrypt(v.pan) : (existing?.panEncrypted ?? null),
    panHash: v.pan ? deps.encryptor.digest(v.pan) : (existing?.panHash ?? null),
    panLast4: v.pan ? v.pan.slice(-4) : (existing?.panLast4 ?? null),
    kycMethod: v.method,
    kycAccountEncrypted: v.method === "bank" ? deps.encryptor.encrypt(accountNumber) : null,
    kycAccountLast4: v.method === "bank" ? accountNumber.slice(-4) : null,
    ifsc: v.method === "bank" ? v.ifsc : null,
    upiId: v.method === "upi" ? v.upiId : null,
    kycStatus: status,
    registeredName: validation.registeredName,
    kycCheckedAt: new Date(),
    kycReviewedBy: null,
    providerContactId: validation.contactId,
    providerFundAccountId: validation.fundAccountId,
  };
  await deps.db
    .insert(payoutAccounts)
    .values({ userId, method: "bankTransfer", ...values })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: values });
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
    if (!updated?.kycMethod) throw new DomainError("not_found", "NOT_FOUND", "This payee has no payee details.");
    if (!updated.providerFundAccountId)
      throw new DomainError("conflict", "NOT_VALIDATED", "These details were never validated by the provider.");
    await tx
      .insert(adminAuditLog)
      .values({ actorId: adminId, action: "payee_details.approved", subjectUserId: userId, subjectId: userId });
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
