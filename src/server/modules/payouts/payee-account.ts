import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { t } from "#domain/i18n";
import { PAYEE_METHODS, PAYEE_RESIDENCES, type PayeeMethod, type PayeeResidence } from "#domain/payouts";
import type { AppDeps } from "#server/context";
import { payoutAccounts, payouts } from "#server/db/schema";
import { recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";

export const payeeAccountSchema = z
  .object({
    residence: z.enum(PAYEE_RESIDENCES),
    method: z.enum(PAYEE_METHODS),
    legalName: z.string().nullable(),
    accountNumber: z.string().nullable().openapi({ description: "In full: shown to admins only, each look recorded" }),
    ifsc: z.string().nullable(),
    upiId: z.string().nullable(),
    routingNumber: z.string().nullable(),
    bankName: z.string().nullable(),
    paypalEmail: z.string().nullable(),
  })
  .openapi("PayeeAccount");

/**
 * The account a pending payout goes to, with the account number in full, for the admin paying it
 * by hand. Every look is written to the audit log in the same transaction: no record, no details.
 */
export async function payeeAccountForPayout(
  deps: Pick<AppDeps, "database" | "payoutEncryptor">,
  payoutId: string,
  adminId: string,
) {
  return deps.database.db.transaction(async (tx) => {
    const [payout] = await tx.select({ userId: payouts.userId }).from(payouts).where(eq(payouts.id, payoutId));
    if (!payout) throw new DomainError("not_found", "NOT_FOUND", t("server.payoutNotFound"));
    const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, payout.userId));
    if (!account) throw new DomainError("not_found", "NO_PAYOUT_ACCOUNT", t("server.noPayoutDetails"));
    // Kalrav support reading a workspace's full bank details: the workspace's owners see it.
    await recordAudit(tx, {
      workspaceId: payout.userId,
      actor: adminId,
      kind: "support_access",
      action: "payout_account.viewed",
      subjectId: payoutId,
      summary: ["audit.s.payeeViewed"],
    });
    return {
      residence: account.residence as PayeeResidence,
      method: account.method as PayeeMethod,
      legalName: account.legalName,
      accountNumber: account.accountNumberEncrypted
        ? deps.payoutEncryptor.decrypt(account.accountNumberEncrypted)
        : null,
      ifsc: account.ifsc,
      upiId: account.upiId,
      routingNumber: account.routingNumber,
      bankName: account.bankName,
      paypalEmail: account.paypalEmail,
    };
  });
}
