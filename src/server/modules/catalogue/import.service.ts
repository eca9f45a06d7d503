// Catalogue import (issue 38) as plain functions over the database: no HTTP here. A file is received
// (refused at once when it cannot be ours), checked in the background (the dry run: every release
// read, validated as a submission would be, its codes looked up), then, when the user confirms,
// imported release by release: each release with the import line it came from in one transaction.

import { parse } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  type CatalogueColumn,
  type CsvRow,
  type DraftRelease,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportFormat,
  type ImportLineStatus,
  type ImportStatus,
  importFinding,
  lineStatus,
  missingColumns,
  ROW_MESSAGES,
  releasesFromCsv,
} from "#domain/catalogue-import";
import { canonicalUpc } from "#domain/identifiers";
import { MESSAGES } from "#domain/messages";
import { PLANS } from "#domain/plans";
import type { Finding } from "#domain/quality";
import { type ReleaseData, releaseInputSchema } from "#domain/releases";
import type { VerdictStore } from "#domain/store-verdict";
import type { Db } from "#server/db/client";
import { catalogueImportLines, catalogueImports, issuedIdentifiers, uploads, users } from "#server/db/schema";
import { enqueueJob, type JobWorker } from "#server/jobs/queue";
import type { AuditActor } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import type { Logger } from "#server/lib/logger";
import type { IdentifierConfig } from "#server/modules/delivery";
import { preflightRelease } from "#server/modules/quality";
import { insertRelease } from "#server/modules/releases";
import { currentPlanId } from "#server/modules/subscriptions";
import { draftsFromErn, type ErnFile, ernFileNames, NotErn, parseErn } from "./ern-reader";

type ImportRow = typeof catalogueImports.$inferSelect;
type LineRow = typeof catalogueImportLines.$inferSelect;

export interface CatalogueDeps {
  db: Db;
  jobs: Pick<JobWorker, "kick">;
  stores: readonly VerdictStore[];
  identifiers: IdentifierConfig;
  logger: Logger;
}

const notFound = () => new DomainError("not_found", "NOT_FOUND", IMPORT_MESSAGES.notFound);

const toImport = (row: ImportRow) => ({
  id: row.id,
  format: row.format as ImportFormat,
  fileName: row.fileName,
  fileBytes: row.fileBytes,
  status: row.status as ImportStatus,
  error: row.error,
  releases: row.releases,
  tracks: row.tracks,
  ok: row.ok,
  warnings: row.warnings,
  blocking: row.blocking,
  skipped: row.skipped,
  /** Releases the import creates once confirmed: the dry run's OK and warning lines. */
  importable: row.ok + row.warnings,
  imported: row.imported,
  /** Lines the dry run passed that a store code taken since (or the like) refused at import. */
  refused: row.refused,
  createdAt: row.createdAt.toISOString(),
  checkedAt: row.checkedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});
export type CatalogueImport = ReturnType<typeof toImport>;

const toLine = (l: LineRow) => ({
  id: l.id,
  position: l.position,
  firstLine: l.firstLine,
  title: l.title,
  artistName: l.artistName,
  upc: l.upc,
  trackCount: l.trackCount,
  status: l.status as ImportLineStatus,
  findings: l.findings,
  releaseId: l.releaseId,
});

/** Whether the workspace's plan in force includes the bulk tools. */
async function planAllowsImport(db: Db, workspaceId: string) {
  return PLANS[await currentPlanId(db, workspaceId)].bulkTools;
}

/** The first line of a CSV (its header), parsed, to refuse a file without our columns at once. */
function csvHeader(body: Uint8Array): string[] {
  const text = new TextDecoder().decode(body.subarray(0, 64 * 1024)).replace(/^\uFEFF/, "");
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  try {
    return (parseSync(firstLine, { relax_quotes: true })[0] as string[] | undefined) ?? [];
  } catch {
    throw new DomainError("invalid", "NOT_CSV", IMPORT_MESSAGES.notCsv);
  }
}

/**
 * Takes a catalogue file: refused, with nothing kept, when it is too large, empty, a CSV without our
 * columns or an XML file that is not an ERN 4.3 message; otherwise kept and its dry run queued.
 */
export async function receiveImport(
  deps: Pick<CatalogueDeps, "db" | "jobs">,
  actor: AuditActor & { id: string },
  workspaceId: string,
  input: { format: ImportFormat; fileName: string; aiAnswer: "no"; body: Uint8Array },
) {
  const { db } = deps;
  if (!(await planAllowsImport(db, workspaceId)))
    throw new DomainError("forbidden", "PLAN_REQUIRED", IMPORT_MESSAGES.plan);
  if (input.body.byteLength > IMPORT_MAX_BYTES)
    throw new DomainError("too_large", "PAYLOAD_TOO_LARGE", IMPORT_MESSAGES.tooLarge);
  if (!input.body.byteLength || !new TextDecoder().decode(input.body.subarray(0, 4096)).trim())
    throw new DomainError("invalid", "EMPTY_FILE", IMPORT_MESSAGES.empty);
  // A text file has no NUL byte: it would reach the database inside the releases' text.
  if (input.body.includes(0)) throw new DomainError("invalid", "INVALID_TEXT", MESSAGES.nulCharacter);
  if (input.format === "csv") {
    const missing = missingColumns(csvHeader(input.body));
    if (missing.length) throw new DomainError("invalid", "MISSING_COLUMNS", IMPORT_MESSAGES.missingColumns(missing));
  } else {
    try {
      parseErn(new TextDecoder().decode(input.body));
    } catch (err) {
      if (err instanceof NotErn)
        throw new DomainError(
          "invalid",
          "NOT_ERN",
          err.message === "badXml" ? IMPORT_MESSAGES.badXml : IMPORT_MESSAGES.notErn,
        );
      throw err;
    }
  }
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(catalogueImports)
      .values({
        workspaceId,
        format: input.format,
        fileName: input.fileName,
        file: Buffer.from(input.body),
        fileBytes: input.body.byteLength,
        aiAnswer: input.aiAnswer,
        createdBy: actor.id,
      })
      .returning();
    await enqueueJob(tx, "catalogue-check", (created as ImportRow).id, { maxAttempts: 3 });
    return created as ImportRow;
  });
  deps.jobs.kick();
  return toImport(row);
}

/** The CSV's rows with their line numbers, streamed from the stored bytes. */
async function csvRows(body: Buffer): Promise<CsvRow[]> {
  const rows: CsvRow[] = [];
  const parser = parse({
    bom: true,
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    info: true,
  });
  const reading = (async () => {
    for await (const record of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      if (rows.length >= IMPORT_MAX_ROWS)
        throw new DomainError("invalid", "TOO_MANY_ROWS", IMPORT_MESSAGES.tooManyRows);
      rows.push({ line: record.info.lines, values: record.record as Partial<Record<CatalogueColumn, string>> });
    }
  })();
  parser.end(body);
  await reading;
  return rows;
}

/** A lookup by many values, 1,000 at a time (a query's parameters are limited), its rows together. */
async function inBatches<T, R>(values: readonly T[], read: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < values.length; i += 1000) rows.push(...(await read(values.slice(i, i + 1000))));
  return rows;
}

/** Finished uploads of the workspace by file name (the newest of a name wins), for an ERN's files. */
async function uploadsByName(db: Db, workspaceId: string, names: string[]) {
  const rows = await inBatches(names, (batch) =>
    db
      .select({ id: uploads.id, kind: uploads.kind, fileName: uploads.fileName })
      .from(uploads)
      .where(and(eq(uploads.ownerId, workspaceId), inArray(uploads.fileName, batch), isNotNull(uploads.sha256)))
      .orderBy(asc(uploads.finishedAt)),
  );
  return new Map(rows.map((r) => [`${r.kind}:${r.fileName}`, { id: r.id, kind: r.kind }]));
}

/** Who holds each code of the file now: this workspace (and which release) or another. */
async function codeHolders(db: Db, codes: string[]) {
  const rows = await inBatches(codes, (batch) =>
    db
      .select({
        code: issuedIdentifiers.code,
        ownerId: issuedIdentifiers.ownerId,
        releaseId: issuedIdentifiers.releaseId,
      })
      .from(issuedIdentifiers)
      .where(inArray(issuedIdentifiers.code, batch)),
  );
  return new Map(rows.map((r) => [r.code, { ownerId: r.ownerId, releaseId: r.releaseId }]));
}

/** Release keys of this workspace that an earlier import already made into releases. */
async function importedKeys(db: Db, workspaceId: string, keys: string[]) {
  const rows = await inBatches(keys, (batch) =>
    db
      .selectDistinct({ key: catalogueImportLines.releaseKey })
      .from(catalogueImportLines)
      .where(
        and(
          eq(catalogueImportLines.workspaceId, workspaceId),
          inArray(catalogueImportLines.releaseKey, batch),
          isNotNull(catalogueImportLines.releaseId),
        ),
      ),
  );
  return new Set(rows.map((r) => r.key));
}

/** The schema's refusals of a release's input, as blocking findings on the field they name. */
function inputFindings(draft: DraftRelease): { data: ReleaseData | null; findings: Finding[] } {
  const parsed = releaseInputSchema.safeParse(draft.input);
  if (parsed.success) return { data: parsed.data, findings: [] };
  return {
    data: null,
    findings: parsed.error.issues.map((issue) =>
      importFinding(
        "blocking",
        `input.${String(issue.path[0] ?? "release")}`,
        issue.path.length ? issue.path.join(" ") : "Release",
        ["qc.asWritten", { text: issue.message }],
      ),
    ),
  };
}

/**
 * The dry run (the job `catalogue-check`): reads the whole file, and for each release says what a
 * submission would: the input's refusals, codes held by another workspace or already in this one,
 * and the quality check's findings and stores' verdicts on what it can check before files arrive.
 * Nothing but the import's own lines is written.
 */
export async function checkImport(deps: CatalogueDeps, importId: string): Promise<void> {
  const { db } = deps;
  const [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
  if (row?.status !== "checking" || !row.file) return;
  const workspaceId = row.workspaceId;
  let drafts: DraftRelease[];
  let tracks = 0;
  try {
    if (row.format === "csv") {
      const rows = await csvRows(Buffer.from(row.file));
      tracks = rows.length;
      drafts = releasesFromCsv(rows, "no");
    } else {
      const root = parseErn(Buffer.from(row.file).toString("utf8"));
      const found = await uploadsByName(db, workspaceId, ernFileNames(root));
      const resolve = (file: ErnFile, kind: "audio" | "artwork") => {
        if (file.url) return { url: file.url, uploadId: "" };
        for (const name of file.names) {
          const upload = found.get(`${kind}:${name}`);
          if (upload) return { url: "", uploadId: upload.id };
        }
        return null;
      };
      drafts = draftsFromErn(root, resolve, "no");
      tracks = drafts.reduce((n, d) => n + (d.input.tracks?.length ?? 0), 0);
    }
  } catch (err) {
    const message =
      err instanceof DomainError
        ? err.message
        : err instanceof NotErn
          ? IMPORT_MESSAGES.notErn
          : `${IMPORT_MESSAGES.notCsv} (${(err as Error).message})`;
    await db
      .update(catalogueImports)
      .set({ status: "failed", error: message, file: null, checkedAt: new Date() })
      .where(eq(catalogueImports.id, importId));
    return;
  }

  const upcOf = (d: DraftRelease) => (d.input.upcEan ? canonicalUpc(d.input.upcEan) : "");
  const codes = [
    ...new Set(
      drafts
        .flatMap((d) => [upcOf(d), ...(d.input.tracks ?? []).map((t) => (t.isrc ?? "").toUpperCase())])
        .filter(Boolean),
    ),
  ];
  const [holders, earlier] = await Promise.all([
    codeHolders(db, codes),
    importedKeys(
      db,
      workspaceId,
      drafts.map((d) => d.key),
    ),
  ]);

  const counts = { ok: 0, warning: 0, blocking: 0, skipped: 0 };
  let batch: (typeof catalogueImportLines.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length) await db.insert(catalogueImportLines).values(batch);
    batch = [];
  };
  for (const [index, draft] of drafts.entries()) {
    const upc = upcOf(draft);
    const upcHolder = upc ? holders.get(upc) : undefined;
    const mine = (h: { ownerId: string | null } | undefined) => h?.ownerId === workspaceId;
    const skipped = earlier.has(draft.key) || (upcHolder?.releaseId != null && mine(upcHolder));
    const { data, findings: refusals } = inputFindings(draft);
    const findings = [...draft.findings, ...refusals];
    if (!skipped) {
      if (upcHolder && !mine(upcHolder))
        findings.push(importFinding("blocking", "upc_foreign", "UPC/EAN", ROW_MESSAGES.upcForeign(upc)));
      for (const [i, t] of (draft.input.tracks ?? []).entries()) {
        const isrc = (t.isrc ?? "").toUpperCase();
        const holder = isrc ? holders.get(isrc) : undefined;
        if (holder && !mine(holder))
          findings.push(importFinding("blocking", "isrc_foreign", `Track ${i + 1}`, ROW_MESSAGES.isrcForeign(isrc)));
      }
      // What the release form's check says (metadata, uploaded files, every store's verdict).
      if (data) findings.push(...(await preflightRelease({ db, stores: deps.stores }, workspaceId, data)).findings);
    }
    const status: ImportLineStatus = skipped ? "skipped" : lineStatus(findings);
    counts[status]++;
    batch.push({
      importId,
      workspaceId,
      position: index + 1,
      releaseKey: draft.key,
      firstLine: draft.firstLine,
      title: (draft.input.title ?? "").slice(0, 200) || "(no title)",
      artistName: (draft.input.artistName ?? "").slice(0, 200),
      upc: upc || null,
      trackCount: Math.max(1, draft.input.tracks?.length ?? 0),
      status,
      findings: skipped ? [importFinding("warning", "already", "Release", ROW_MESSAGES.alreadyImported)] : findings,
      input: draft.input,
    });
    if (batch.length >= 200) await flush();
  }
  await flush();
  await db
    .update(catalogueImports)
    .set({
      status: "checked",
      releases: drafts.length,
      tracks,
      ok: counts.ok,
      warnings: counts.warning,
      blocking: counts.blocking,
      skipped: counts.skipped,
      checkedAt: new Date(),
      // The lines hold everything the import needs: the file is not kept longer than its dry run.
      file: null,
    })
    .where(eq(catalogueImports.id, importId));
}

/**
 * A dry run or an import whose job ran out of attempts on an unexpected error (not a refusal, which
 * the lines say): the import says it failed, rather than "checking" or "importing" for ever.
 */
export async function failImport(db: Db, importId: string, error: string) {
  await db
    .update(catalogueImports)
    .set({ status: "failed", error: IMPORT_MESSAGES.stopped(error), file: null, finishedAt: new Date() })
    .where(and(eq(catalogueImports.id, importId), inArray(catalogueImports.status, ["checking", "importing"])));
}

async function importOf(db: Db, workspaceId: string, id: string): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(catalogueImports)
    .where(and(eq(catalogueImports.id, id), eq(catalogueImports.workspaceId, workspaceId)));
  if (!row) throw notFound();
  return row;
}

export async function getImport(db: Db, workspaceId: string, id: string) {
  const row = await importOf(db, workspaceId, id);
  return toImport(row);
}

export async function listImports(db: Db, workspaceId: string) {
  const rows = await db
    .select()
    .from(catalogueImports)
    .where(eq(catalogueImports.workspaceId, workspaceId))
    .orderBy(desc(catalogueImports.createdAt))
    .limit(20);
  return rows.map(toImport);
}

/** A page of the dry run's lines, in file order, optionally of one status. */
export async function listLines(
  db: Db,
  workspaceId: string,
  id: string,
  opts: { status?: ImportLineStatus; page: number; pageSize: number },
) {
  await importOf(db, workspaceId, id);
  const where = and(
    eq(catalogueImportLines.importId, id),
    opts.status ? eq(catalogueImportLines.status, opts.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(catalogueImportLines)
      .where(where)
      .orderBy(asc(catalogueImportLines.position))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(catalogueImportLines).where(where),
  ]);
  return { lines: rows.map(toLine), page: opts.page, pageSize: opts.pageSize, total: total?.n ?? 0 };
}

/** The user confirms: the releases the dry run passed are imported in the background. */
export async function startImport(deps: Pick<CatalogueDeps, "db" | "jobs">, workspaceId: string, id: string) {
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(catalogueImports)
      .where(and(eq(catalogueImports.id, id), eq(catalogueImports.workspaceId, workspaceId)))
      .for("update");
    if (!current) throw notFound();
    if (current.status !== "checked") throw new DomainError("conflict", "NOT_CHECKED", IMPORT_MESSAGES.notChecked);
    if (current.ok + current.warnings === 0)
      throw new DomainError("conflict", "NOTHING_TO_IMPORT", IMPORT_MESSAGES.nothingToImport);
    const [started] = await tx
      .update(catalogueImports)
      .set({ status: "importing", startedAt: new Date() })
      .where(eq(catalogueImports.id, id))
      .returning();
    await enqueueJob(tx, "catalogue-import", id, { maxAttempts: 10 });
    return started as ImportRow;
  });
  deps.jobs.kick();
  return toImport(row);
}

/**
 * The import (the job `catalogue-import`): each release the dry run passed, in file order, submitted
 * for review in a transaction that also marks its line, so a process killed midway resumes where it
 * stopped and creates nothing twice. A release refused now (a code taken since the dry run) is marked
 * blocking with the reason; the others go on.
 */
export async function runImport(deps: CatalogueDeps, importId: string, signal?: AbortSignal): Promise<void> {
  const { db } = deps;
  const [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
  if (row?.status !== "importing") return;
  // Whoever uploaded the file submits its releases (named in each release's history and the audit log).
  const actorId = row.createdBy ?? row.workspaceId;
  const [person] = await db.select({ name: users.name }).from(users).where(eq(users.id, actorId));
  const actor = { id: actorId, name: person?.name ?? "Catalogue import" };
  const source = row.fileName;
  for (;;) {
    if (signal?.aborted) throw new Error("import stopped; it resumes from where it was");
    const lines = await db
      .select()
      .from(catalogueImportLines)
      .where(
        and(
          eq(catalogueImportLines.importId, importId),
          inArray(catalogueImportLines.status, ["ok", "warning"]),
          isNull(catalogueImportLines.releaseId),
        ),
      )
      .orderBy(asc(catalogueImportLines.position))
      .limit(20);
    if (!lines.length) break;
    for (const line of lines) {
      try {
        const input = releaseInputSchema.parse(line.input);
        await db.transaction(async (tx) => {
          const release = await insertRelease(tx, deps.identifiers, row.workspaceId, input, actor, source);
          await tx
            .update(catalogueImportLines)
            .set({ releaseId: release.id, status: "imported" })
            .where(eq(catalogueImportLines.id, line.id));
          await tx
            .update(catalogueImports)
            .set({ imported: sql`${catalogueImports.imported} + 1` })
            .where(eq(catalogueImports.id, importId));
        });
      } catch (err) {
        if (!(err instanceof DomainError) && !(err instanceof Error && err.name === "ZodError")) throw err;
        await db.transaction(async (tx) => {
          await tx
            .update(catalogueImportLines)
            .set({
              status: "blocking",
              findings: [
                ...line.findings,
                importFinding("blocking", "refused", "Release", ["qc.asWritten", { text: (err as Error).message }]),
              ],
            })
            .where(eq(catalogueImportLines.id, line.id));
          await tx
            .update(catalogueImports)
            .set({ refused: sql`${catalogueImports.refused} + 1` })
            .where(eq(catalogueImports.id, importId));
        });
      }
    }
    deps.jobs.kick();
  }
  await db
    .update(catalogueImports)
    .set({ status: "completed", finishedAt: new Date(), file: null })
    .where(eq(catalogueImports.id, importId));
  deps.logger.info({ importId }, "catalogue import finished");
}
