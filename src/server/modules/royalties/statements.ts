// Royalty statements (issue 19): per payee per month, made only of the payee's ledger entries, so
// opening + movements = closing by construction and the sum over payees is what the reports paid
// after our share. Also the TDS summaries: a payee's quarter, and every deduction of a quarter.
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { dateIst, quarterRange } from "#domain/clock";
import { toCsv } from "#domain/csv";
import { caseReference } from "#domain/fraud";
import { DEFAULT_LOCALE, type Locale, type MessageId, type MessageValues, t } from "#domain/i18n";
import { formatInr, rupeesPlain } from "#domain/money";
import {
  isFinancialYear,
  isLedgerMonth,
  PAYOUT_COUNTED_STATUSES,
  type PayoutStatus,
  type TdsConfig,
} from "#domain/payouts";
import { bpToPercent } from "#domain/splits";
import type { Db } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { payoutAccounts, payouts, users } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import type { Encryptor } from "#server/lib/encryption";
import { inLocale } from "#server/lib/i18n";
import { createPdf } from "#server/lib/pdf";

export interface Statement {
  month: string;
  payee: { name: string; email: string };
  openingPaise: number;
  earnings: {
    release: string;
    /** The release's artist profiles (a compilation's, joined), else the name typed on it. */
    artist: string;
    track: string;
    isrc: string;
    store: string;
    country: string;
    earningPaise: number;
    recoupmentPaise: number;
  }[];
  earningsPaise: number;
  recoupmentPaise: number;
  /** The month's earnings by artist profile (issue 35): what a label pays each of its artists from. */
  byArtist: { artist: string; earningPaise: number; recoupmentPaise: number }[];
  /** What the payee's own releases earned that went to collaborators on their split sheets, by name. */
  sharedWith: { name: string; amountPaise: number }[];
  sharedPaise: number;
  /** Of the earnings, what was held in escrow (earned before the invite was accepted). */
  heldInEscrowPaise: number;
  escrowReleasedPaise: number;
  /**
   * Lines held this month while a store's notice is in dispute (issue 41), each with its case: they are
   * in the earnings above and off the balance until the case is decided.
   */
  held: { caseReference: string; release: string; track: string; isrc: string; store: string; amountPaise: number }[];
  heldPaise: number;
  /** What cases settled this month: holds released (payable again), reversed, and stores' fees. */
  caseLines: {
    caseReference: string;
    kind: "hold_release" | "reversal" | "store_fee";
    store: string;
    amountPaise: number;
  }[];
  releasedFromHoldPaise: number;
  reversedPaise: number;
  storeFeesPaise: number;
  payouts: {
    id: string;
    requestedAt: string;
    status: PayoutStatus;
    grossPaise: number;
    tdsPaise: number;
    netPaise: number;
    utr: string | null;
  }[];
  payoutsPaise: number;
  returnedPaise: number;
  tdsPaise: number;
  closingPaise: number;
  tdsSection: string;
}

export async function buildStatement(db: Db, userId: string, month: string, tds: TdsConfig): Promise<Statement> {
  if (!isLedgerMonth(month)) throw new DomainError("invalid", "INVALID_MONTH", t("server.month"));
  const first = `${month}-01`;
  const [payee] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  const [opening] = rowsOf<{ sum: string }>(
    await db.execute(
      sql`select coalesce(sum(amount_paise), 0)::bigint as sum from royalty_entries where user_id = ${userId} and month < ${first}::date`,
    ),
  );
  const kinds = rowsOf<{ kind: string; sum: string }>(
    await db.execute(
      sql`select kind, coalesce(sum(amount_paise), 0)::bigint as sum from royalty_entries where user_id = ${userId} and month = ${first}::date group by kind`,
    ),
  );
  const byKind = (k: string) => Number(kinds.find((r) => r.kind === k)?.sum ?? 0);
  // Earned as a collaborator before accepting: listed with the earnings, held in escrow until released.
  const [held] = rowsOf<{ sum: string }>(
    await db.execute(sql`
      select coalesce(sum(e.amount_paise), 0)::bigint as sum from royalty_entries e
      join collaborators c on c.id = e.collaborator_id
      where c.accepted_user_id = ${userId} and e.user_id is null and e.month = ${first}::date
        and e.kind in ('earning', 'recoupment')`),
  );
  const lines = rowsOf<{
    release: string | null;
    artist: string | null;
    track: string | null;
    isrc: string;
    store: string;
    country: string;
    earning: string;
    recoupment: string;
  }>(
    await db.execute(sql`
      select r.title as release, coalesce(credited.names, r.artist_name) as artist, t.title as track, e.isrc,
        e.store, e.country,
        coalesce(sum(e.amount_paise) filter (where e.kind = 'earning'), 0)::bigint as earning,
        coalesce(sum(e.amount_paise) filter (where e.kind = 'recoupment'), 0)::bigint as recoupment
      from royalty_entries e
      left join releases r on r.id = e.release_id
      left join tracks t on t.release_id = e.release_id and t.isrc = e.isrc and e.isrc <> ''
      -- The release's artists as their profiles are named today (a renamed artist reads the new name).
      left join lateral (
        select string_agg(a.name, ', ' order by ra.position, a.name) as names
        from release_artists ra join artist_profiles a on a.id = ra.artist_id
        where ra.release_id = r.id and ra.role = 'primary'
      ) credited on true
      where (e.user_id = ${userId} or e.collaborator_id in (select id from collaborators where accepted_user_id = ${userId}))
        and e.month = ${first}::date and e.kind in ('earning', 'recoupment')
      group by r.title, credited.names, r.artist_name, t.title, e.isrc, e.store, e.country
      having sum(e.amount_paise) <> 0
      order by r.title, t.title nulls first, e.store, e.country`),
  );
  // The split as its own line (issue 33): what this payee's collaborators were allocated this month.
  const shared = rowsOf<{ name: string; amount: string }>(
    await db.execute(sql`
      select c.name, sum(e.amount_paise)::bigint as amount from royalty_entries e
      join collaborators c on c.id = e.collaborator_id
      where c.owner_id = ${userId} and e.month = ${first}::date and e.kind in ('earning', 'recoupment')
      group by c.id, c.name having sum(e.amount_paise) <> 0 order by c.name`),
  );
  // Fraud cases (issue 41): the month's held lines, and what decisions and fees posted this month.
  const whose = sql`(e.user_id = ${userId} or (e.user_id is null and e.collaborator_id in
    (select id from collaborators where accepted_user_id = ${userId})))`;
  const heldLines = rowsOf<{
    case_id: string;
    release: string | null;
    track: string | null;
    isrc: string;
    store: string;
    amount: string;
  }>(
    await db.execute(sql`
      select e.case_id, r.title as release, t.title as track, e.isrc, e.store, sum(e.amount_paise)::bigint as amount
      from royalty_entries e
      left join releases r on r.id = e.release_id
      left join tracks t on t.release_id = e.release_id and t.isrc = e.isrc and e.isrc <> ''
      where ${whose} and e.month = ${first}::date and e.kind = 'hold'
      group by e.case_id, r.title, t.title, e.isrc, e.store having sum(e.amount_paise) <> 0
      order by r.title, t.title nulls first, e.store`),
  );
  const settled = rowsOf<{
    case_id: string;
    kind: "hold_release" | "reversal" | "store_fee";
    store: string;
    amount: string;
  }>(
    await db.execute(sql`
      select e.case_id, e.kind, e.store, sum(e.amount_paise)::bigint as amount from royalty_entries e
      where e.user_id = ${userId} and e.month = ${first}::date and e.kind in ('hold_release', 'reversal', 'store_fee')
      group by e.case_id, e.kind, e.store having sum(e.amount_paise) <> 0 order by e.case_id, e.kind`),
  );
  const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
  const paid = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, userId),
        gte(payouts.requestedAt, new Date(`${first}T00:00:00Z`)),
        lt(payouts.requestedAt, next),
      ),
    )
    .orderBy(payouts.requestedAt);
  const openingPaise = Number(opening?.sum ?? 0);
  const byArtist = new Map<string, { artist: string; earningPaise: number; recoupmentPaise: number }>();
  for (const l of lines) {
    const artist = l.artist ?? "";
    const sum = byArtist.get(artist) ?? { artist, earningPaise: 0, recoupmentPaise: 0 };
    sum.earningPaise += Number(l.earning);
    sum.recoupmentPaise += Number(l.recoupment);
    byArtist.set(artist, sum);
  }
  const movement = kinds.reduce((s, k) => s + Number(k.sum), 0);
  return {
    month,
    payee: { name: payee?.name ?? "", email: payee?.email ?? "" },
    openingPaise,
    earnings: lines.map((l) => ({
      release: l.release ?? "",
      artist: l.artist ?? "",
      track: l.track ?? (l.isrc ? l.isrc : "Whole release"),
      isrc: l.isrc,
      store: l.store,
      country: l.country,
      earningPaise: Number(l.earning),
      recoupmentPaise: Number(l.recoupment),
    })),
    earningsPaise: lines.reduce((sum, l) => sum + Number(l.earning), 0),
    recoupmentPaise: lines.reduce((sum, l) => sum + Number(l.recoupment), 0),
    byArtist: [...byArtist.values()].sort((a, b) => a.artist.localeCompare(b.artist)),
    sharedWith: shared.map((r) => ({ name: r.name, amountPaise: Number(r.amount) })),
    sharedPaise: shared.reduce((sum, r) => sum + Number(r.amount), 0),
    heldInEscrowPaise: Number(held?.sum ?? 0),
    escrowReleasedPaise: byKind("escrow_release"),
    held: heldLines.map((h) => ({
      caseReference: caseReference(h.case_id),
      release: h.release ?? "",
      track: h.track ?? (h.isrc ? h.isrc : "Whole release"),
      isrc: h.isrc,
      store: h.store,
      amountPaise: -Number(h.amount),
    })),
    heldPaise: -heldLines.reduce((sum, h) => sum + Number(h.amount), 0),
    caseLines: settled.map((c) => ({
      caseReference: caseReference(c.case_id),
      kind: c.kind,
      store: c.store,
      amountPaise: Number(c.amount),
    })),
    releasedFromHoldPaise: byKind("hold_release"),
    reversedPaise: -byKind("reversal"),
    storeFeesPaise: -byKind("store_fee"),
    payouts: paid.map((p) => ({
      id: p.id,
      requestedAt: p.requestedAt.toISOString(),
      status: p.status as PayoutStatus,
      grossPaise: p.amountPaise,
      tdsPaise: p.tdsPaise,
      netPaise: p.amountPaise - p.tdsPaise,
      utr: p.utr ?? p.reference,
    })),
    payoutsPaise: -byKind("payout"),
    returnedPaise: byKind("payout_return"),
    tdsPaise: paid
      .filter((p) => (PAYOUT_COUNTED_STATUSES as readonly string[]).includes(p.status))
      .reduce((s, p) => s + p.tdsPaise, 0),
    closingPaise: openingPaise + movement,
    tdsSection: tds.section,
  };
}

const rupees = rupeesPlain;

/** How a case's settling line reads on a statement. */
const caseLineLabel = (kind: Statement["caseLines"][number]["kind"], amountPaise: number) =>
  kind === "hold_release"
    ? "Released from hold, payable"
    : kind === "reversal"
      ? "Reversed: the store's notice was upheld"
      : amountPaise < 0
        ? "Store's fee"
        : "Store's fee reversed";

export function statementCsv(s: Statement): string {
  // Totals sit in the Earnings column, under the lines they sum.
  const total = (label: string, ...amounts: number[]) => [label, "", "", "", "", "", ...amounts.map(rupees)];
  const rows: (string | number)[][] = [
    ["Kalrav royalty statement", s.month, s.payee.name],
    total("Opening balance", s.openingPaise),
    [],
    ["Release", "Artist", "Track", "ISRC", "Store", "Country", "Earnings (INR)", "Recoupment (INR)"],
    ...s.earnings.map((e) => [
      e.release,
      e.artist,
      e.track,
      e.isrc,
      e.store,
      e.country,
      rupees(e.earningPaise),
      rupees(e.recoupmentPaise),
    ]),
    [],
    ...s.byArtist.map((a) => total(`Earnings of ${a.artist}`, a.earningPaise, a.recoupmentPaise)),
    ...(s.sharedWith.length
      ? [
          total("Your releases earned before sharing", s.earningsPaise + s.sharedPaise),
          ...s.sharedWith.map((share) => total(`Shared with ${share.name}`, -share.amountPaise)),
        ]
      : []),
    total("Total earnings", s.earningsPaise, s.recoupmentPaise),
    ...s.held.map((h) =>
      total(`Held (case ${h.caseReference}): ${h.release} / ${h.track} / ${h.store}`, -h.amountPaise),
    ),
    ...s.caseLines.map((c) =>
      total(`${caseLineLabel(c.kind, c.amountPaise)} (case ${c.caseReference}, ${c.store})`, c.amountPaise),
    ),
    total("of which held in escrow until you accepted", s.heldInEscrowPaise),
    total("Released from escrow", s.escrowReleasedPaise),
    total("Payouts (gross)", -s.payoutsPaise),
    total(`of which TDS (section ${s.tdsSection})`, s.tdsPaise),
    total("Returned payouts", s.returnedPaise),
    total("Closing balance", s.closingPaise),
  ];
  return toCsv(rows);
}

/** The statement as a PDF (Noto Sans in every script, with ₹), in the reader's language (issue 39). */
export function statementPdf(s: Statement, locale: Locale = DEFAULT_LOCALE): Promise<Buffer> {
  return inLocale(locale, () => {
    const inr = (paise: number) => formatInr(paise, { decimals: true });
    const line = (id: MessageId, paise: number, values: MessageValues = {}) =>
      t("statementPdf.line", { label: t(id, values), amount: inr(paise) });
    const caseLine = (c: Statement["caseLines"][number]) =>
      t(
        c.kind === "hold_release"
          ? "statementPdf.caseReleased"
          : c.kind === "reversal"
            ? "statementPdf.caseReversed"
            : c.amountPaise < 0
              ? "statementPdf.caseFee"
              : "statementPdf.caseFeeReversed",
        { reference: c.caseReference, store: c.store, amount: inr(c.amountPaise) },
      );
    const pdf = createPdf({ title: t("statementPdf.title", { month: s.month }) });
    pdf.text(t("statementPdf.heading"), { bold: true, size: 18 });
    pdf.moveDown(0.3);
    pdf.text(t("statementPdf.month", { month: s.month }), { size: 10 });
    pdf.text(t("statementPdf.payee", { name: s.payee.name, email: s.payee.email }));
    pdf.moveDown();
    pdf.text(line("statementPdf.opening", s.openingPaise));
    pdf.moveDown(0.5);
    pdf.text(t("statementPdf.earnings"), { bold: true });
    if (!s.earnings.length) pdf.text(t("statementPdf.noEarnings"));
    for (const e of s.earnings) {
      const where = `${e.release} (${e.artist}) / ${e.track} / ${e.store} / ${e.country}`;
      pdf.text(
        e.recoupmentPaise
          ? t("statementPdf.earningRecouped", {
              where,
              amount: inr(e.earningPaise),
              recoupment: inr(e.recoupmentPaise),
            })
          : `${where}: ${inr(e.earningPaise)}`,
      );
    }
    pdf.moveDown(0.5);
    if (s.byArtist.length) {
      pdf.text(t("statementPdf.byArtist"), { bold: true });
      for (const a of s.byArtist) pdf.text(`${a.artist}: ${inr(a.earningPaise)}`);
      pdf.moveDown(0.5);
    }
    if (s.sharedWith.length) {
      pdf.text(line("statementPdf.beforeSharing", s.earningsPaise + s.sharedPaise));
      for (const share of s.sharedWith)
        pdf.text(line("statementPdf.sharedWith", -share.amountPaise, { name: share.name }));
    }
    pdf.text(line("statementPdf.total", s.earningsPaise));
    if (s.held.length || s.caseLines.length) {
      pdf.moveDown(0.5);
      pdf.text(t("statementPdf.cases"), { bold: true });
      for (const h of s.held)
        pdf.text(
          t("statementPdf.held", {
            reference: h.caseReference,
            where: `${h.release} / ${h.track} / ${h.store}`,
            amount: inr(-h.amountPaise),
          }),
        );
      for (const c of s.caseLines) pdf.text(caseLine(c));
      pdf.moveDown(0.5);
    }
    pdf.text(line("statementPdf.recoupment", s.recoupmentPaise));
    pdf.text(line("statementPdf.escrowHeld", s.heldInEscrowPaise));
    pdf.text(line("statementPdf.escrowReleased", s.escrowReleasedPaise));
    pdf.text(line("statementPdf.payouts", s.payoutsPaise));
    pdf.text(line("statementPdf.tds", s.tdsPaise, { section: s.tdsSection }));
    const net = s.payouts
      .filter((p) => p.status !== "failed" && p.status !== "reversed")
      .reduce((a, p) => a + p.netPaise, 0);
    pdf.text(line("statementPdf.net", net));
    pdf.text(line("statementPdf.returned", s.returnedPaise));
    pdf.moveDown(0.5);
    pdf.text(line("statementPdf.closing", s.closingPaise), { bold: true });
    return pdf.end();
  });
}

/** Every TDS deduction of a quarter (for filing), or one payee's. */
export async function tdsDeductions(
  deps: { db: Db; encryptor: Encryptor },
  fy: string,
  quarter: 1 | 2 | 3 | 4,
  userId?: string,
) {
  if (!isFinancialYear(fy)) throw new DomainError("invalid", "INVALID_YEAR", t("server.fy"));
  const { from, to } = quarterRange(fy, quarter);
  const rows = await deps.db
    .select({
      payout: payouts,
      name: users.name,
      email: users.email,
      legalName: payoutAccounts.legalName,
      // The PAN the payout was made to, not the one on file today (issue 33).
      pan: sql<string | null>`coalesce(${payouts.panEncrypted}, ${payoutAccounts.panEncrypted})`,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, payouts.userId))
    .where(
      and(
        gte(payouts.requestedAt, from),
        lt(payouts.requestedAt, to),
        inArray(payouts.status, [...PAYOUT_COUNTED_STATUSES]),
        userId ? eq(payouts.userId, userId) : undefined,
      ),
    )
    .orderBy(payouts.requestedAt);
  return rows.map((r) => ({
    payoutId: r.payout.id,
    date: dateIst(r.payout.requestedAt),
    payee: r.legalName ?? r.name,
    email: r.email,
    pan: r.pan ? deps.encryptor.decrypt(r.pan) : "PANNOTAVBL",
    grossPaise: r.payout.amountPaise,
    tdsPaise: r.payout.tdsPaise,
    ratePercent: bpToPercent(r.payout.tdsRateBp),
    netPaise: r.payout.amountPaise - r.payout.tdsPaise,
  }));
}

export function tdsCsv(section: string, rows: Awaited<ReturnType<typeof tdsDeductions>>): string {
  return toCsv([
    ["Date", "Payee", "E-mail", "PAN", "Section", "Amount paid (INR)", "TDS rate (%)", "TDS (INR)", "Net paid (INR)"],
    ...rows.map((r) => [
      r.date,
      r.payee,
      r.email,
      r.pan,
      section,
      rupees(r.grossPaise),
      r.ratePercent,
      rupees(r.tdsPaise),
      rupees(r.netPaise),
    ]),
  ]);
}
