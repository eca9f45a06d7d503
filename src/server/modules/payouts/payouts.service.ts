// Payouts, as plain functions over their dependencies: no HTTP here. A refusal is a DomainError;
// payouts.routes.ts validates, authorizes and shapes the answers. A balance is the royalties module's
// (the sum of the payee's royalty_entries); every payout posts its debit (and a failed or reversed one
// its return, once) in the transaction that changes its status.

import { and, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { MINIMUM_PAYOUT_PAISE } from "#domain/business";
import { financialYearIst, monthOf, todayIst } from "#domain/clock";
import { t } from "#domain/i18n";
import { formatInr } from "#domain/money";
import {
  canMovePayout,
  KYC_PAYABLE,
  type KycStatus,
  PAYOUT_MESSAGES,
  PAYOUT_OPEN_STATUSES,
  type PayoutStatus,
  payoutMovesFrom,
  tdsFor,
} from "#domain/payouts";
import { canRequestPayout, ROYALTY_MESSAGES } from "#domain/royalties";
import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import { paymentEvents, payoutAccounts, payouts, royaltyEntries, users } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import type { Payouts } from "#server/lib/payout-provider";
import { isGenuineWebhook } from "#server/lib/webhook-signature";
import { emitWebhookEvent } from "#server/modules/events";
import { notifyUser } from "#server/modules/notifications";
import { balanceOf, loadRoyalties, toPayout, yearToDate } from "#server/modules/royalties";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a payee's saved details allow a payout, and why not. */
function payableOrRefuse(account: typeof payoutAccounts.$inferSelect | undefined) {
  if (!account) throw new DomainError("conflict", "NO_PAYOUT_ACCOUNT", ROYALTY_MESSAGES.noPayoutAccount);
  const kyc = account.kycStatus as KycStatus | null;
  if (kyc === "name_mismatch") throw new DomainError("conflict", "KYC_HELD", PAYOUT_MESSAGES.kycHeld);
  if (kyc === "invalid" || kyc === "unverified")
    throw new DomainError("conflict", "KYC_INVALID", PAYOUT_MESSAGES.kycInvalid);
}

/**
 * Asks for a payout (the whole available balance unless an amount is given) from ₹500. TDS is worked
 * out on the year so far and deducted from it; the debit is posted in the same transaction. One
 * request per payee at a time, so two clicks cannot both take the same balance.
 */
export async function requestPayout(deps: { db: Db; payouts: Payouts }, userId: string, amountPaise?: number) {
  const { db } = deps;
  if (amountPaise !== undefined && (!Number.isSafeInteger(amountPaise) || amountPaise <= 0)) {
    throw new DomainError("invalid", "INVALID_AMOUNT", t("server.amount"));
  }
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  payableOrRefuse(account);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout:${userId}`}))`);
    // Two accounts with one PAN request one at a time too: the year's threshold is the PAN's.
    if (account?.panHash)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-pan:${account.panHash}`}))`);
    const available = await balanceOf(tx as unknown as Db, userId);
    const amount = amountPaise ?? available;
    if (amount > available) throw new DomainError("conflict", "ABOVE_BALANCE", PAYOUT_MESSAGES.aboveBalance);
    if (!canRequestPayout(amount)) {
      throw new DomainError(
        "conflict",
        "BELOW_MINIMUM",
        ROYALTY_MESSAGES.belowMinimum(formatInr(MINIMUM_PAYOUT_PAISE)),
      );
    }
    const now = new Date();
    const fy = financialYearIst(now);
    const year = await yearToDate(tx as unknown as Db, userId, fy, account?.panHash);
    const { tdsPaise, rateBp } = tdsFor({
      grossPaise: amount,
      paidBeforeInYearPaise: year.paid,
      deductedBeforeInYearPaise: year.tds,
      hasValidPan: Boolean(account?.panEncrypted),
      config: deps.payouts.tds,
    });
    const method = account?.method ?? "bankTransfer";
    const [payout] = await tx
      .insert(payouts)
      .values({
        userId,
        amountPaise: amount,
        tdsPaise,
        tdsRateBp: tdsPaise ? rateBp : 0,
        financialYear: fy,
        panEncrypted: account?.panEncrypted ?? null,
        panHash: account?.panHash ?? null,
        method,
        status: "pending",
        requestedAt: now,
      })
      .returning({ id: payouts.id });
    await tx.insert(royaltyEntries).values({
      userId,
      kind: "payout",
      amountPaise: -amount,
      month: monthOf(todayIst(now)),
      payoutId: payout?.id,
    });
  });
  return loadRoyalties(deps, userId);
}

/** Every payee's payouts for the admin, open ones first, newest first, with the payee's KYC state. */
export async function listPayouts(db: Db) {
  const rows = await db
    .select({
      payout: payouts,
      userName: users.name,
      userEmail: users.email,
      kycStatus: payoutAccounts.kycStatus,
      method: payoutAccounts.method,
      residence: payoutAccounts.residence,
      legalName: payoutAccounts.legalName,
      registeredName: payoutAccounts.registeredName,
      upiId: payoutAccounts.upiId,
      accountLast4: payoutAccounts.accountNumberLast4,
      ifsc: payoutAccounts.ifsc,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, payouts.userId))
    .orderBy(sql`${payouts.status} not in ('pending', 'approved', 'processing')`, desc(payouts.requestedAt))
    .limit(200);
  return rows.map((r) => ({
    ...toPayout(r.payout),
    userId: r.payout.userId,
    userName: r.userName,
    userEmail: r.userEmail,
    kycStatus: (r.kycStatus as KycStatus | null) ?? null,
    legalName: r.legalName,
    registeredName: r.registeredName,
    payableByProvider: r.residence === "india" && KYC_PAYABLE.includes(r.kycStatus as KycStatus),
    /** Where the provider would send it, for the admin's confirmation: a UPI ID, or a masked account. */
    destination:
      r.method === "upi"
        ? r.upiId
        : r.method === "bank" && r.accountLast4
          ? `A/c •••• ${r.accountLast4}${r.ifsc ? ` (${r.ifsc})` : ""}`
          : null,
  }));
}

type NotifyDeps = Pick<AppDeps, "mailer" | "logger" | "publicUrl"> & { db: Db };

/**
 * The admin approves a batch: each pending payout to a validated account is sent to the provider with
 * its own idempotency key (a retried call never pays twice). Those that cannot go (details held,
 * paid by hand, already moving) are listed with the reason; nothing about them changes.
 */
export async function approvePayouts(
  deps: NotifyDeps & { payouts: Payouts },
  ids: string[],
): Promise<{ sent: string[]; skipped: { id: string; reason: string }[] }> {
  const { db, payouts: config } = deps;
  const sent: string[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const id of [...new Set(ids)]) {
    // Claimed in a transaction of its own: two admins approving together send it once.
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ payout: payouts, account: payoutAccounts })
        .from(payouts)
        .leftJoin(payoutAccounts, eq(payoutAccounts.userId, payouts.userId))
        .where(eq(payouts.id, id))
        .for("update", { of: payouts });
      if (!row) return { reason: t("server.payoutNotFound") };
      const { payout, account } = row;
      if (!(payout.status === "pending" || (payout.status === "approved" && !payout.providerPayoutId)))
        return { reason: PAYOUT_MESSAGES.notPending };
      if (account?.residence !== "india" || !account.providerFundAccountId)
        return { reason: "The payee has no validated bank account or UPI ID: pay by hand and mark it paid." };
      if (!KYC_PAYABLE.includes(account.kycStatus as KycStatus)) return { reason: PAYOUT_MESSAGES.kycHeld };
      // All of it is TDS (a catch-up): nothing to transfer, so nothing goes to the provider.
      if (payout.amountPaise - payout.tdsPaise <= 0) {
        await tx
          .update(payouts)
          .set({ status: "completed", reference: PAYOUT_MESSAGES.allTdsReference, completedAt: new Date() })
          .where(eq(payouts.id, id));
        return { reason: PAYOUT_MESSAGES.allTds };
      }
      await tx
        .update(payouts)
        .set({ status: "approved", approvedAt: new Date(), provider: config.provider.name, failureReason: null })
        .where(eq(payouts.id, id));
      return { payout, account };
    });
    if ("reason" in claimed) {
      skipped.push({ id, reason: claimed.reason ?? "" });
      continue;
    }
    const { payout, account } = claimed;
    const mode = account.method === "upi" ? "UPI" : "IMPS";
    try {
      const made = await config.provider.createPayout({
        fundAccountId: account.providerFundAccountId as string,
        amountPaise: payout.amountPaise - payout.tdsPaise,
        mode,
        idempotencyKey: payout.idempotencyKey,
        referenceId: payout.id,
        narration: "Kalrav royalties",
      });
      // The webhook may already have settled it (the test provider is quick): the status only moves
      // forward, from approved to processing, and a webhook's provider id is kept.
      await db
        .update(payouts)
        .set({
          providerPayoutId: sql`coalesce(${payouts.providerPayoutId}, ${made.id})`,
          mode,
          status: sql`case when ${payouts.status} = 'approved' then 'processing' else ${payouts.status} end`,
        })
        .where(eq(payouts.id, id));
      sent.push(id);
    } catch (err) {
      // Left approved with the reason: approving again retries with the same idempotency key.
      const reason = (err as Error).message;
      deps.logger.warn({ err, payoutId: id }, "payout provider refused a payout");
      await db.update(payouts).set({ failureReason: reason }).where(eq(payouts.id, id));
      skipped.push({ id, reason });
    }
  }
  return { sent, skipped };
}

/** Moves a payout to failed or reversed and returns its money to the balance, exactly once. */
/** What a payout's webhook event says: the amounts in paise, as the API gives them. */
function payoutEventData(p: typeof payouts.$inferSelect) {
  return {
    payoutId: p.id,
    status: p.status,
    amountPaise: p.amountPaise,
    tdsPaise: p.tdsPaise,
    paidPaise: p.amountPaise - p.tdsPaise,
    utr: p.utr ?? p.reference ?? null,
    failureReason: p.failureReason ?? null,
  };
}

async function returnPayout(tx: Db, payoutId: string, status: "failed" | "reversed", reason: string) {
  const [updated] = await tx
    .update(payouts)
    .set({ status, failureReason: reason, completedAt: null })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, ["pending", "approved", "processing", "completed"])))
    .returning();
  if (!updated) return null;
  await emitWebhookEvent(tx, updated.userId, "payout.failed", payoutEventData(updated));
  await tx.insert(royaltyEntries).values({
    userId: updated.userId,
    kind: "payout_return",
    amountPaise: updated.amountPaise,
    month: monthOf(todayIst()),
    payoutId: updated.id,
  });
  return updated;
}

/**
 * A payout webhook (RazorpayX, or the test provider, same shape): genuine only with the signature of
 * its raw body; each event acts once (its id is kept); processed completes the payout with its UTR,
 * failed or reversed returns the money once. Answers what it did, for the log and the tests.
 */
export async function receivePayoutWebhook(
  deps: NotifyDeps & { payouts: Payouts },
  input: { raw: string; signature: string | undefined; eventId: string | undefined },
): Promise<"applied" | "duplicate" | "ignored" | "unknown_payout" | "disagrees"> {
  const { provider } = deps.payouts;
  if (!isGenuineWebhook(input.raw, input.signature, provider.webhookSecret)) {
    throw new DomainError("unauthenticated", "BAD_SIGNATURE", t("server.webhookSignature"));
  }
  let event: {
    event?: string;
    payload?: {
      payout?: {
        entity?: {
          id?: string;
          reference_id?: string;
          utr?: string | null;
          failure_reason?: string | null;
          status_details?: { description?: string };
        };
      };
    };
  };
  try {
    event = JSON.parse(input.raw);
  } catch {
    throw new DomainError("invalid", "BAD_PAYLOAD", t("server.webhookNotJson"));
  }
  const type = String(event.event ?? "");
  const entity = event.payload?.payout?.entity;
  return applyPayoutEvent(deps, {
    type,
    entity,
    eventId: input.eventId || `${type}:${entity?.id ?? ""}`,
    payload: event,
  });
}

type PayoutEntity = {
  id?: string;
  reference_id?: string;
  utr?: string | null;
  failure_reason?: string | null;
  status_details?: { description?: string };
};

/**
 * Applies what the provider says happened to a payout (its webhook, or its answer when asked), once
 * per event id, under the payout's row lock and the payout state machine.
 */
async function applyPayoutEvent(
  deps: NotifyDeps & { payouts: Payouts },
  input: { type: string; entity: PayoutEntity | undefined; eventId: string; payload: unknown },
): Promise<"applied" | "duplicate" | "ignored" | "unknown_payout" | "disagrees"> {
  const { provider } = deps.payouts;
  const { type, entity, eventId } = input;
  const event = input.payload;
  let notice: { userId: string; title: () => string; body: () => string } | null = null;
  const outcome = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        id: `${provider.name}-payouts:${eventId}`,
        gateway: `${provider.name}-payouts`,
        type,
        outcome: "received",
        payload: event,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return "duplicate" as const;
    const [payout] = entity
      ? await tx
          .select()
          .from(payouts)
          .where(
            entity.reference_id && UUID.test(entity.reference_id)
              ? eq(payouts.id, entity.reference_id)
              : eq(payouts.providerPayoutId, entity.id ?? ""),
          )
          .for("update")
      : [];
    let result: "applied" | "ignored" | "unknown_payout" | "disagrees" = "ignored";
    if (!payout) result = type.startsWith("payout.") ? "unknown_payout" : "ignored";
    else if (type === "payout.processed") {
      const [done] = await tx
        .update(payouts)
        .set({
          status: "completed",
          utr: entity?.utr ?? null,
          completedAt: new Date(),
          providerPayoutId: payout.providerPayoutId ?? entity?.id ?? null,
        })
        .where(and(eq(payouts.id, payout.id), inArray(payouts.status, [...payoutMovesFrom("provider", "completed")])))
        .returning();
      // Paid by the provider while we hold it as ended, or as paid another way: money may have left
      // twice. Nothing is changed silently: the event is kept as a disagreement for the admins.
      if (!done && (payout.status !== "completed" || payout.utr !== (entity?.utr ?? null))) {
        result = "disagrees";
        deps.logger.error(
          { payoutId: payout.id, status: payout.status, event: type, utr: entity?.utr },
          "payout provider disagrees with our record of a payout",
        );
      }
      if (done) {
        await emitWebhookEvent(tx, done.userId, "payout.paid", payoutEventData(done));
        result = "applied";
        notice = {
          userId: done.userId,
          title: () => PAYOUT_MESSAGES.paidTitle,
          body: () => PAYOUT_MESSAGES.paid(formatInr(done.amountPaise - done.tdsPaise), done.utr ?? "—"),
        };
      }
    } else if (type === "payout.failed" || type === "payout.reversed" || type === "payout.rejected") {
      const reason = entity?.failure_reason || entity?.status_details?.description || "the bank returned it";
      const returned = await returnPayout(
        tx as unknown as Db,
        payout.id,
        type === "payout.reversed" ? "reversed" : "failed",
        reason,
      );
      if (returned) {
        result = "applied";
        notice = {
          userId: returned.userId,
          title: () => PAYOUT_MESSAGES.returnedTitle,
          body: () => PAYOUT_MESSAGES.returned(formatInr(returned.amountPaise), reason),
        };
      }
    }
    await tx
      .update(paymentEvents)
      .set({ outcome: result })
      .where(eq(paymentEvents.id, `${provider.name}-payouts:${eventId}`));
    return result;
  });
  if (notice) {
    const n = notice as { userId: string; title: () => string; body: () => string };
    await notifyUser(deps, { ...n, kind: "payment", link: "/app/royalties", emailPreference: "emailPaymentUpdates" });
  }
  return outcome;
}

/**
 * Asks the provider about payouts it has had for a while without a word back (its webhook was lost, or
 * the process was killed before the built-in provider sent it) and applies a final answer as its
 * webhook would have been. Answers how many it settled.
 */
export async function refreshQuietPayouts(
  deps: NotifyDeps & { payouts: Payouts },
  quietForMs = 15 * 60_000,
): Promise<number> {
  const { provider } = deps.payouts;
  const quiet = await deps.db
    .select({ id: payouts.id, providerPayoutId: payouts.providerPayoutId })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, "processing"),
        eq(payouts.provider, provider.name),
        isNotNull(payouts.providerPayoutId),
        lt(payouts.approvedAt, new Date(Date.now() - quietForMs)),
      ),
    )
    .limit(100);
  let settled = 0;
  for (const p of quiet) {
    const id = p.providerPayoutId as string;
    let answer: Awaited<ReturnType<typeof provider.fetchPayout>>;
    try {
      answer = await provider.fetchPayout(id);
    } catch (err) {
      deps.logger.warn({ err, payoutId: p.id }, "could not ask the payout provider about a payout");
      continue;
    }
    const finals: Record<string, string> = {
      processed: "payout.processed",
      failed: "payout.failed",
      reversed: "payout.reversed",
      rejected: "payout.rejected",
    };
    const type = finals[answer.status];
    if (!type) continue;
    const entity = { id, reference_id: p.id, utr: answer.utr, failure_reason: answer.failureReason ?? null };
    const outcome = await applyPayoutEvent(deps, {
      type,
      entity,
      eventId: `asked:${type}:${id}`,
      payload: { asked: answer },
    });
    if (outcome === "applied") settled += 1;
  }
  return settled;
}

/**
 * The admin marks a payout paid by hand (outside the provider), with the bank's reference; the payee is
 * told. Under the payout's row lock, and only from a state the payout state machine allows: a payout
 * ever handed to the provider is never paid by hand, since the provider may still pay it.
 */
export async function completePayout(
  deps: Pick<AppDeps, "database" | "mailer" | "logger" | "publicUrl">,
  id: string,
  reference: string,
) {
  const db = deps.database.db;
  const updated = await db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for("update");
    if (!payout) throw new DomainError("not_found", "NOT_FOUND", t("server.payoutNotFound"));
    const status = payout.status as PayoutStatus;
    const handedToProvider = payout.provider !== null || payout.providerPayoutId !== null;
    if (!canMovePayout("hand", { status, handedToProvider }, "completed")) {
      throw new DomainError(
        "conflict",
        handedToProvider && PAYOUT_OPEN_STATUSES.includes(status as never) ? "WITH_PROVIDER" : "NOT_PENDING",
        status === "completed"
          ? PAYOUT_MESSAGES.alreadyCompleted
          : status === "failed" || status === "reversed"
            ? PAYOUT_MESSAGES.ended
            : PAYOUT_MESSAGES.withProvider,
      );
    }
    // Payee details held for review (a name that did not match, an account not found) hold hand
    // payments too: paying by hand is no way around the check (issue 33).
    const [account] = await tx
      .select({ kycStatus: payoutAccounts.kycStatus })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, payout.userId));
    if (account?.kycStatus === "name_mismatch" || account?.kycStatus === "invalid") {
      throw new DomainError("conflict", "KYC_HELD", PAYOUT_MESSAGES.handPaymentHeld);
    }
    const [row] = await tx
      .update(payouts)
      .set({ status: "completed", reference, completedAt: new Date() })
      .where(eq(payouts.id, id))
      .returning();
    if (row) await emitWebhookEvent(tx, row.userId, "payout.paid", payoutEventData(row));
    return row;
  });
  if (!updated) throw new DomainError("not_found", "NOT_FOUND", t("server.payoutNotFound"));
  await notifyUser(
    { db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl },
    {
      userId: updated.userId,
      kind: "payment",
      title: () => ROYALTY_MESSAGES.completedTitle,
      body: () => t("payout.msg.paidByHand", { amount: formatInr(updated.amountPaise - updated.tdsPaise), reference }),
      link: "/app/royalties",
      emailPreference: "emailPaymentUpdates",
    },
  );
  return toPayout(updated);
}
