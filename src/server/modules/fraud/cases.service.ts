// Fraud cases (issue 41) as plain functions over their dependencies: no HTTP here. A store's notice
// becomes a case for the workspace whose tracks it names; the ledger lines in dispute are held
// (royalties/holds.ts), the artist is told at once and answers in the case's thread, and an admin
// decides by the deadline. Every step is in the workspace's audit log.

import { parse } from "csv-parse/sync";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { todayIst } from "#domain/clock";
import {
  CASE_FILE_MAX_BYTES,
  CASE_FILE_TYPES,
  CASE_STATUS_LABELS,
  type CaseStatus,
  caseDeadline,
  caseNotice,
  caseReference,
  type DecisionInput,
  daysLeft,
  FRAUD_MESSAGES,
  feePaiseOf,
  isOverdue,
  NOTICE_FILE_COLUMNS,
  NOTICE_FILE_MAX_ROWS,
  type NoticeInput,
  noticeSchema,
} from "#domain/fraud";
import { t } from "#domain/i18n";
import { canonicalUpc } from "#domain/identifiers";
import { formatInr } from "#domain/money";
import type { AppDeps } from "#server/context";
import type { Db, Tx } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { fraudCaseFiles, fraudCaseMessages, fraudCases, fraudCaseTracks, releases, tracks } from "#server/db/schema";
import { type AuditActor, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import { DELIVERED_STATUSES, queueTakedowns } from "#server/modules/delivery";
import { notifyUser } from "#server/modules/notifications";
import { caseMoney, postStoreFee, settleCaseHolds, syncCaseHolds } from "#server/modules/royalties";
import { caseEvidence } from "./evidence";

export type FraudDeps = Pick<AppDeps, "mailer" | "logger" | "publicUrl" | "delivery" | "fraud"> & { db: Db };

type CaseRow = typeof fraudCases.$inferSelect;
const notFound = () => new DomainError("not_found", "NOT_FOUND", FRAUD_MESSAGES.notFound);
const monthText = (d: string) => d.slice(0, 7);

/** A case as both sides see it in a list. */
function toCase(c: CaseRow, extra: { tracks: number; workspaceName?: string }) {
  const status = c.status as CaseStatus;
  return {
    id: c.id,
    reference: caseReference(c.id),
    store: c.store,
    periodFrom: monthText(c.periodFrom),
    periodTo: monthText(c.periodTo),
    reason: c.reason,
    storeReference: c.reference,
    feePaise: c.feePaise,
    feeReversed: Boolean(c.feeReversedAt),
    status,
    statusLabel: CASE_STATUS_LABELS[status],
    deadline: c.deadline,
    daysLeft: daysLeft(c.deadline),
    overdue: isOverdue({ status, deadline: c.deadline }),
    openedAt: c.openedAt.toISOString(),
    decidedAt: c.decidedAt?.toISOString() ?? null,
    decisionReason: c.decisionReason,
    takedown: c.takedown,
    takedownReason: c.takedownReason,
    tracks: extra.tracks,
    workspaceId: c.workspaceId,
    workspaceName: extra.workspaceName ?? "",
  };
}

/** The tracks a notice names: each flagged ISRC's track, or every track of the release with the UPC. */
async function resolveTracks(db: Db, notice: NoticeInput) {
  if (notice.upc) {
    const rows = rowsOf<{ release_id: string; workspace_id: string; status: string; isrc: string | null }>(
      await db.execute(sql`
        select r.id as release_id, r.user_id as workspace_id, r.status, t.isrc
        from issued_identifiers i join releases r on r.id = i.release_id
        left join tracks t on t.release_id = r.id and t.isrc is not null
        where i.kind = 'upc' and i.code = ${canonicalUpc(notice.upc)}`),
    );
    const first = rows[0];
    if (!first) throw new DomainError("invalid", "UNKNOWN_UPC", FRAUD_MESSAGES.unknownUpc, { field: "upc" });
    if (!(DELIVERED_STATUSES as readonly string[]).includes(first.status))
      throw new DomainError("invalid", "NOT_DELIVERED", FRAUD_MESSAGES.notDelivered, { field: "upc" });
    // The release's own lines (rows that named no track) are in dispute with its tracks.
    const isrcs = ["", ...rows.map((r) => r.isrc).filter((i): i is string => Boolean(i))];
    return { workspaceId: first.workspace_id, tracks: isrcs.map((isrc) => ({ releaseId: first.release_id, isrc })) };
  }
  const isrcs = [...new Set(notice.isrcs)];
  const rows = rowsOf<{ code: string; release_id: string; workspace_id: string; status: string }>(
    await db.execute(sql`
      select i.code, r.id as release_id, r.user_id as workspace_id, r.status
      from issued_identifiers i join releases r on r.id = i.release_id
      where i.kind = 'isrc' and i.code in (${sql.join(
        isrcs.map((i) => sql`${i}`),
        sql`, `,
      )})`),
  );
  const delivered = rows.filter((r) => (DELIVERED_STATUSES as readonly string[]).includes(r.status));
  const unknown = isrcs.filter((i) => !delivered.some((r) => r.code === i));
  if (unknown.length)
    throw new DomainError("invalid", "UNKNOWN_ISRC", FRAUD_MESSAGES.unknownIsrc(unknown), { field: "isrcs" });
  const workspaces = new Set(delivered.map((r) => r.workspace_id));
  if (workspaces.size > 1)
    throw new DomainError("invalid", "SEVERAL_WORKSPACES", FRAUD_MESSAGES.oneWorkspace, { field: "isrcs" });
  return {
    workspaceId: delivered[0]?.workspace_id as string,
    tracks: delivered.map((r) => ({ releaseId: r.release_id, isrc: r.code })),
  };
}

/** The store as our reports name it: a configured store's name, matched without regard to case. */
function storeName(deps: FraudDeps, typed: string) {
  const found = deps.delivery.stores.find(
    (s) => s.name.toLowerCase() === typed.toLowerCase() || s.id.toLowerCase() === typed.toLowerCase(),
  );
  return found?.name ?? typed;
}

interface OpeningCase {
  workspaceId: string;
  tracks: { releaseId: string; isrc: string }[];
  store: string;
  periodFrom: string;
  periodTo: string;
  reason: string;
  reference: string;
  feePaise: number;
}

/**
 * Opens one case inside the caller's transaction: refuses a notice overlapping another case, then
 * writes the case, its tracks and the notice as the thread's first message, holds the disputed lines,
 * posts the store's fee as its own line and logs it.
 */
async function openCase(tx: Tx, deps: FraudDeps, admin: AuditActor, o: OpeningCase): Promise<CaseRow> {
  // Overlapping notices for the same store and months: one case per line, so a hold is never doubled.
  // A dismissed case released its lines; any other still holds or reversed them.
  const pairs = sql.join(
    o.tracks.map((t) => sql`(${t.releaseId}::uuid, ${t.isrc})`),
    sql`, `,
  );
  const [overlap] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select c.id from fraud_cases c join fraud_case_tracks ct on ct.case_id = c.id
      where c.status <> 'dismissed' and lower(c.store) = lower(${o.store})
        and c.period_from <= ${o.periodTo}::date and c.period_to >= ${o.periodFrom}::date
        and (ct.release_id, ct.isrc) in (${pairs})
      limit 1 for update of c`),
  );
  if (overlap)
    throw new DomainError("conflict", "OVERLAPPING_CASE", FRAUD_MESSAGES.overlap(caseReference(overlap.id)), {
      field: "isrcs",
    });
  const [row] = await tx
    .insert(fraudCases)
    .values({
      workspaceId: o.workspaceId,
      store: o.store,
      periodFrom: o.periodFrom,
      periodTo: o.periodTo,
      reason: o.reason,
      reference: o.reference,
      feePaise: o.feePaise,
      deadline: caseDeadline(todayIst(), deps.fraud.deadlineDays),
      openedBy: admin.id,
    })
    .returning();
  const c = row as CaseRow;
  await tx.insert(fraudCaseTracks).values(o.tracks.map((t) => ({ caseId: c.id, ...t })));
  await tx.insert(fraudCaseMessages).values({
    caseId: c.id,
    authorId: admin.id,
    authorName: "Kalrav Support",
    fromSupport: true,
    body: `${o.store}'s notice${o.reference ? ` (${o.reference})` : ""}, for ${monthText(o.periodFrom)} to ${monthText(o.periodTo)}: ${o.reason}`,
  });
  await syncCaseHolds(tx as unknown as Db, { caseIds: [c.id] });
  if (o.feePaise)
    await postStoreFee(tx as unknown as Db, {
      workspaceId: o.workspaceId,
      caseId: c.id,
      store: o.store,
      amountPaise: -o.feePaise,
    });
  const isrcs = o.tracks.map((t) => t.isrc).filter(Boolean);
  await recordAudit(tx, {
    workspaceId: o.workspaceId,
    actor: admin,
    kind: "case",
    action: "case.opened",
    subjectId: c.id,
    summary: [
      isrcs.length ? "audit.s.caseOpened" : "audit.s.caseOpenedRelease",
      {
        store: o.store,
        reference: caseReference(c.id),
        isrcs: isrcs.join(", "),
        from: monthText(o.periodFrom),
        to: monthText(o.periodTo),
      },
    ],
    after: {
      store: o.store,
      periodFrom: monthText(o.periodFrom),
      periodTo: monthText(o.periodTo),
      isrcs,
      feePaise: o.feePaise,
      deadline: c.deadline,
    },
  });
  return c;
}

/** Tells the workspace, in the app and by e-mail, once its case is open. */
async function tellOpened(deps: FraudDeps, c: CaseRow, tracks: number) {
  const told = () =>
    caseNotice({ reference: caseReference(c.id), store: c.store, tracks: tracks || 1, deadline: c.deadline });
  await notifyUser(
    { ...deps, db: deps.db },
    {
      userId: c.workspaceId,
      kind: "case",
      title: () => told().title,
      body: () => told().body,
      link: `/app/cases/${c.id}`,
    },
  );
}

const opening = (deps: FraudDeps, notice: NoticeInput, resolved: Awaited<ReturnType<typeof resolveTracks>>) => ({
  workspaceId: resolved.workspaceId,
  tracks: resolved.tracks,
  store: storeName(deps, notice.store),
  periodFrom: `${notice.periodFrom}-01`,
  periodTo: `${notice.periodTo}-01`,
  reason: notice.reason,
  reference: notice.reference,
  feePaise: feePaiseOf(notice.fee),
});

/**
 * Records a store's notice: opens the case, holds the disputed lines, posts the store's fee as its own
 * line, tells the workspace (in the app and by e-mail), all in one transaction but the e-mail.
 */
export async function recordNotice(deps: FraudDeps, admin: AuditActor, notice: NoticeInput) {
  const o = opening(deps, notice, await resolveTracks(deps.db, notice));
  const opened = await deps.db.transaction((tx) => openCase(tx, deps, admin, o));
  await tellOpened(deps, opened, o.tracks.filter((t) => t.isrc).length);
  return caseDetail(deps.db, opened.id);
}

/**
 * Imports a store's notice file: one row per flagged track (or release, by UPC). Rows with the same
 * store, months, reason and reference make one case per workspace (their fees summed). Every row is
 * checked first, and the cases open in one transaction: a file with any bad row opens nothing, and
 * says which lines and why.
 */
export async function importNotices(deps: FraudDeps, admin: AuditActor, csv: string) {
  let records: string[][];
  try {
    records = parse(csv, { skip_empty_lines: true, relax_column_count: true, trim: true, bom: true }) as string[][];
  } catch (err) {
    throw new DomainError("invalid", "VALIDATION_ERROR", `${FRAUD_MESSAGES.badFile} ${(err as Error).message}`);
  }
  const [header = [], ...rows] = records;
  const names = header.map((h) => h.toLowerCase());
  const missing = ["store", "period_from", "period_to", "reason"].filter((c) => !names.includes(c));
  if (missing.length || !(names.includes("isrc") || names.includes("upc")))
    throw new DomainError("invalid", "VALIDATION_ERROR", FRAUD_MESSAGES.missingColumns(NOTICE_FILE_COLUMNS.join(", ")));
  if (!rows.length) throw new DomainError("invalid", "VALIDATION_ERROR", FRAUD_MESSAGES.emptyFile);
  if (rows.length > NOTICE_FILE_MAX_ROWS)
    throw new DomainError("too_large", "PAYLOAD_TOO_LARGE", FRAUD_MESSAGES.tooManyRows(NOTICE_FILE_MAX_ROWS));
  const cell = (row: string[], column: string) => row[names.indexOf(column)] ?? "";
  const errors: { line: number; reason: string }[] = [];
  const groups = new Map<string, OpeningCase & { lines: number[] }>();
  for (const [i, row] of rows.entries()) {
    const line = i + 2;
    const parsed = noticeSchema.safeParse({
      store: cell(row, "store"),
      isrcs: cell(row, "isrc") ? [cell(row, "isrc")] : [],
      upc: cell(row, "upc"),
      periodFrom: cell(row, "period_from").slice(0, 7),
      periodTo: cell(row, "period_to").slice(0, 7),
      reason: cell(row, "reason"),
      reference: cell(row, "reference"),
      fee: cell(row, "fee"),
    });
    if (!parsed.success) {
      errors.push({ line, reason: parsed.error.issues[0]?.message ?? "Invalid row." });
      continue;
    }
    try {
      const o = opening(deps, parsed.data, await resolveTracks(deps.db, parsed.data));
      const key = [o.workspaceId, o.store.toLowerCase(), o.periodFrom, o.periodTo, o.reason, o.reference].join("|");
      const group = groups.get(key);
      if (!group) groups.set(key, { ...o, lines: [line] });
      else {
        for (const t of o.tracks)
          if (!group.tracks.some((g) => g.releaseId === t.releaseId && g.isrc === t.isrc)) group.tracks.push(t);
        group.feePaise += o.feePaise;
        group.lines.push(line);
      }
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      errors.push({ line, reason: err.message });
    }
  }
  if (errors.length)
    throw new DomainError("invalid", "VALIDATION_ERROR", FRAUD_MESSAGES.fileRefused(errors.length), {
      rows: errors.slice(0, 100),
    });
  const opened = await deps.db.transaction(async (tx) => {
    const cases: { row: CaseRow; tracks: number }[] = [];
    for (const group of groups.values()) {
      try {
        cases.push({ row: await openCase(tx, deps, admin, group), tracks: group.tracks.filter((t) => t.isrc).length });
      } catch (err) {
        if (err instanceof DomainError)
          throw new DomainError(err.kind, err.code, FRAUD_MESSAGES.fileRefused(1), {
            rows: [{ line: group.lines[0] as number, reason: err.message }],
          });
        throw err;
      }
    }
    return cases;
  });
  for (const c of opened) await tellOpened(deps, c.row, c.tracks);
  return opened.map((c) => toCase(c.row, { tracks: c.tracks }));
}

/** One case with its tracks, money, evidence and thread; null when absent (or not the workspace's). */
export async function caseDetail(db: Db, id: string, workspaceId?: string) {
  const [row] = await db
    .select()
    .from(fraudCases)
    .where(and(eq(fraudCases.id, id), workspaceId ? eq(fraudCases.workspaceId, workspaceId) : undefined));
  if (!row) throw notFound();
  const flagged = await db
    .select({
      releaseId: fraudCaseTracks.releaseId,
      isrc: fraudCaseTracks.isrc,
      outcome: fraudCaseTracks.outcome,
      release: releases.title,
      track: tracks.title,
    })
    .from(fraudCaseTracks)
    .innerJoin(releases, eq(releases.id, fraudCaseTracks.releaseId))
    .leftJoin(tracks, and(eq(tracks.releaseId, fraudCaseTracks.releaseId), eq(tracks.isrc, fraudCaseTracks.isrc)))
    .where(eq(fraudCaseTracks.caseId, id))
    .orderBy(asc(releases.title), asc(tracks.position));
  const [messages, files, money, evidence, workspace] = await Promise.all([
    db
      .select()
      .from(fraudCaseMessages)
      .where(eq(fraudCaseMessages.caseId, id))
      .orderBy(asc(fraudCaseMessages.createdAt), asc(fraudCaseMessages.id)),
    db
      .select({
        id: fraudCaseFiles.id,
        messageId: fraudCaseFiles.messageId,
        name: fraudCaseFiles.name,
        contentType: fraudCaseFiles.contentType,
        bytes: fraudCaseFiles.bytes,
      })
      .from(fraudCaseFiles)
      .where(eq(fraudCaseFiles.caseId, id)),
    caseMoney(db, id),
    caseEvidence(db, row),
    db.execute(sql`select name from workspaces where id = ${row.workspaceId}`),
  ]);
  const workspaceName = rowsOf<{ name: string }>(workspace)[0]?.name ?? "";
  return {
    case: toCase(row, { tracks: flagged.length, workspaceName }),
    tracks: flagged.map((t) => ({
      releaseId: t.releaseId,
      release: t.release,
      isrc: t.isrc,
      track: t.track ?? (t.isrc ? t.isrc : "Whole release"),
      outcome: t.outcome as "upheld" | "dismissed" | null,
    })),
    money,
    evidence,
    messages: messages.map((m) => ({
      id: m.id,
      authorName: m.authorName,
      fromSupport: m.fromSupport,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      files: files
        .filter((f) => f.messageId === m.id)
        .map((f) => ({ id: f.id, name: f.name, contentType: f.contentType, bytes: f.bytes })),
    })),
  };
}

/** A workspace's cases, open ones first. */
export async function workspaceCases(db: Db, workspaceId: string) {
  const rows = await db
    .select({
      c: fraudCases,
      tracks: sql<number>`(select count(*) from fraud_case_tracks t where t.case_id = ${fraudCases.id})::int`,
    })
    .from(fraudCases)
    .where(eq(fraudCases.workspaceId, workspaceId))
    .orderBy(sql`${fraudCases.status} = 'open' desc`, desc(fraudCases.openedAt))
    .limit(200);
  return rows.map((r) => toCase(r.c, { tracks: r.tracks }));
}

/** Every case for the admins: open ones by deadline (the overdue first), then the decided, newest first. */
export async function adminCases(db: Db, filter: { status?: CaseStatus; overdue?: boolean }) {
  const rows = await db
    .select({
      c: fraudCases,
      tracks: sql<number>`(select count(*) from fraud_case_tracks t where t.case_id = ${fraudCases.id})::int`,
      workspaceName: sql<string>`(select name from workspaces w where w.id = ${fraudCases.workspaceId})`,
    })
    .from(fraudCases)
    .where(
      and(
        filter.status ? eq(fraudCases.status, filter.status) : undefined,
        filter.overdue
          ? and(eq(fraudCases.status, "open"), sql`${fraudCases.deadline} < ${todayIst()}::date`)
          : undefined,
      ),
    )
    .orderBy(sql`${fraudCases.status} = 'open' desc`, asc(fraudCases.deadline), desc(fraudCases.openedAt))
    .limit(500);
  return rows.map((r) => toCase(r.c, { tracks: r.tracks, workspaceName: r.workspaceName }));
}

/** How many open cases are past their deadline (the admin dashboard). */
export async function overdueCaseCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from fraud_cases where status = 'open' and deadline < ${todayIst()}::date`,
    ),
  );
  return Number(row?.n ?? 0);
}

export interface CaseFileInput {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Checks an attached file before anything is written. */
export function checkCaseFile(file: CaseFileInput | null) {
  if (!file) return;
  if (file.bytes.byteLength > CASE_FILE_MAX_BYTES)
    throw new DomainError("too_large", "FILE_TOO_LARGE", FRAUD_MESSAGES.fileTooLarge, { field: "file" });
  if (!(file.type in CASE_FILE_TYPES))
    throw new DomainError("invalid", "FILE_TYPE", FRAUD_MESSAGES.fileType, { field: "file" });
}

/**
 * A message in a case's thread, with at most one file: the artist's answer (only while the case is
 * open) or support's reply. The message and its file are written together or not at all.
 */
export async function addCaseMessage(
  db: Db,
  input: {
    caseId: string;
    workspaceId?: string;
    author: AuditActor;
    fromSupport: boolean;
    message: string;
    file: CaseFileInput | null;
  },
) {
  checkCaseFile(input.file);
  if (!input.message && !input.file)
    throw new DomainError("invalid", "VALIDATION_ERROR", FRAUD_MESSAGES.emptyAnswer, { field: "message" });
  await db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(fraudCases)
      .where(
        and(
          eq(fraudCases.id, input.caseId),
          input.workspaceId ? eq(fraudCases.workspaceId, input.workspaceId) : undefined,
        ),
      )
      .for("update");
    if (!c) throw notFound();
    if (c.status !== "open" && !input.fromSupport)
      throw new DomainError("conflict", "CASE_CLOSED", FRAUD_MESSAGES.closed);
    const [m] = await tx
      .insert(fraudCaseMessages)
      .values({
        caseId: c.id,
        authorId: input.author.id,
        authorName: input.fromSupport ? "Kalrav Support" : input.author.name,
        fromSupport: input.fromSupport,
        body: input.message,
      })
      .returning({ id: fraudCaseMessages.id });
    if (input.file && m)
      await tx.insert(fraudCaseFiles).values({
        messageId: m.id,
        caseId: c.id,
        name: input.file.name.slice(0, 200) || "evidence",
        contentType: input.file.type,
        bytes: input.file.bytes.byteLength,
        data: Buffer.from(input.file.bytes),
      });
    await recordAudit(tx, {
      workspaceId: c.workspaceId,
      actor: input.author,
      kind: "case",
      action: input.fromSupport ? "case.replied" : "case.answered",
      subjectId: c.id,
      summary: [
        input.fromSupport
          ? "audit.s.caseSupportReply"
          : input.file
            ? "audit.s.caseAnsweredFile"
            : "audit.s.caseAnswered",
        { reference: caseReference(c.id), file: input.file?.name ?? "" },
      ],
    });
  });
  return caseDetail(db, input.caseId, input.workspaceId);
}

/** A file of a case's thread (of the workspace's own case, for its members). */
export async function caseFile(db: Db, caseId: string, fileId: string, workspaceId?: string) {
  const [row] = await db
    .select({ name: fraudCaseFiles.name, contentType: fraudCaseFiles.contentType, data: fraudCaseFiles.data })
    .from(fraudCaseFiles)
    .innerJoin(fraudCases, eq(fraudCases.id, fraudCaseFiles.caseId))
    .where(
      and(
        eq(fraudCaseFiles.id, fileId),
        eq(fraudCaseFiles.caseId, caseId),
        workspaceId ? eq(fraudCases.workspaceId, workspaceId) : undefined,
      ),
    );
  if (!row) throw notFound();
  return row;
}

/**
 * The decision: each flagged track upheld or dismissed, the holds settled in this month's statement,
 * a store's fee reversed on dismissal, a takedown at the store that asked (or, with a reason, every
 * store), the workspace told and the step logged — in one transaction but the e-mail.
 */
export async function decideCase(deps: FraudDeps, admin: AuditActor, id: string, decision: DecisionInput) {
  const decided = await deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(fraudCases).where(eq(fraudCases.id, id)).for("update");
    if (!c) throw notFound();
    if (c.status !== "open") throw new DomainError("conflict", "CASE_DECIDED", FRAUD_MESSAGES.notOpen);
    const flagged = await tx.select().from(fraudCaseTracks).where(eq(fraudCaseTracks.caseId, id));
    const named = new Set(flagged.map((t) => t.isrc));
    if (decision.upheldIsrcs.some((i) => !named.has(i)))
      throw new DomainError("invalid", "VALIDATION_ERROR", FRAUD_MESSAGES.upheldTrackUnknown, { field: "upheldIsrcs" });
    const upheld = (isrc: string) =>
      decision.outcome === "upheld" || (decision.outcome === "partly_upheld" && decision.upheldIsrcs.includes(isrc));
    if (decision.outcome === "partly_upheld" && flagged.every((t) => upheld(t.isrc)))
      throw new DomainError("invalid", "VALIDATION_ERROR", FRAUD_MESSAGES.partlyNeedsTracks, { field: "upheldIsrcs" });
    // Bring the holds up to date one last time, then settle them.
    await syncCaseHolds(tx as unknown as Db, { caseIds: [id] });
    for (const t of flagged)
      await tx
        .update(fraudCaseTracks)
        .set({ outcome: upheld(t.isrc) ? "upheld" : "dismissed" })
        .where(
          and(
            eq(fraudCaseTracks.caseId, id),
            eq(fraudCaseTracks.releaseId, t.releaseId),
            eq(fraudCaseTracks.isrc, t.isrc),
          ),
        );
    await tx
      .update(fraudCases)
      .set({
        status: decision.outcome,
        decidedAt: new Date(),
        decisionReason: decision.reason,
        takedown: decision.takedown,
        takedownReason: decision.takedown === "all" ? decision.takedownReason : null,
      })
      .where(eq(fraudCases.id, id));
    await settleCaseHolds(
      tx as unknown as Db,
      id,
      flagged.map((t) => ({ releaseId: t.releaseId, isrc: t.isrc, upheld: upheld(t.isrc) })),
    );
    // Dismissed: the artist did nothing wrong, so we carry the store's fee.
    if (decision.outcome === "dismissed" && c.feePaise && !c.feeReversedAt) await reverseFee(tx, c);
    if (decision.takedown !== "none") {
      const store = deps.delivery.stores.find((s) => s.name.toLowerCase() === c.store.toLowerCase());
      const only = decision.takedown === "store" ? [store?.id ?? c.store] : undefined;
      const releaseIds = [...new Set(flagged.filter((t) => upheld(t.isrc)).map((t) => t.releaseId))];
      for (const releaseId of releaseIds) await queueTakedowns(tx, releaseId, only);
    }
    await tx.insert(fraudCaseMessages).values({
      caseId: id,
      authorId: admin.id,
      authorName: "Kalrav Support",
      fromSupport: true,
      body: `Decision: ${CASE_STATUS_LABELS[decision.outcome]}. ${decision.reason}`,
    });
    await recordAudit(tx, {
      workspaceId: c.workspaceId,
      actor: admin,
      kind: "case",
      action: `case.${decision.outcome}`,
      subjectId: id,
      summary: [
        "audit.s.caseDecided",
        { reference: caseReference(id), outcome: decision.outcome, reason: decision.reason },
      ],
      before: { status: "open" },
      after: {
        status: decision.outcome,
        upheld: flagged.filter((t) => upheld(t.isrc)).map((t) => t.isrc || "release"),
        takedown: decision.takedown,
        ...(decision.takedown === "all" ? { takedownReason: decision.takedownReason } : {}),
      },
    });
    return c;
  });
  const reference = caseReference(id);
  const money = await caseMoney(deps.db, id);
  const released = money.releasedPaise - money.reversedPaise;
  await notifyUser(
    { ...deps, db: deps.db },
    {
      userId: decided.workspaceId,
      kind: "case",
      title: () => t("case.notice.decidedTitle", { reference, outcome: CASE_STATUS_LABELS[decision.outcome] }),
      body: () =>
        decision.outcome === "dismissed"
          ? t("case.notice.dismissed", {
              store: decided.store,
              amount: formatInr(money.releasedPaise, { decimals: true }),
              reason: decision.reason,
            })
          : [
              t("case.notice.decided", { store: decided.store, reason: decision.reason }),
              released > 0 ? t("case.notice.released", { amount: formatInr(released, { decimals: true }) }) : "",
            ]
              .join(" ")
              .trim(),
      link: `/app/cases/${id}`,
    },
  );
  return caseDetail(deps.db, id);
}

/** The store's fee line matched by its reversal in this month's statement, once. */
async function reverseFee(tx: Tx, c: CaseRow) {
  await postStoreFee(tx as unknown as Db, {
    workspaceId: c.workspaceId,
    caseId: c.id,
    store: c.store,
    amountPaise: c.feePaise,
  });
  await tx.update(fraudCases).set({ feeReversedAt: new Date() }).where(eq(fraudCases.id, c.id));
}

/** The store reversed its fee: the fee's line is matched by its reversal in this month's statement. */
export async function reverseStoreFee(deps: FraudDeps, admin: AuditActor, id: string) {
  await deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(fraudCases).where(eq(fraudCases.id, id)).for("update");
    if (!c) throw notFound();
    if (!c.feePaise || c.feeReversedAt) throw new DomainError("conflict", "NO_FEE", FRAUD_MESSAGES.noFee);
    await reverseFee(tx, c);
    await recordAudit(tx, {
      workspaceId: c.workspaceId,
      actor: admin,
      kind: "case",
      action: "case.fee_reversed",
      subjectId: id,
      summary: [
        "audit.s.feeReversed",
        { store: c.store, amount: formatInr(c.feePaise, { decimals: true }), reference: caseReference(id) },
      ],
    });
  });
  return caseDetail(deps.db, id);
}
