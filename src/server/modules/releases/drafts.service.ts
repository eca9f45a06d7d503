// Release drafts (issue 38): a release put together through the API in steps — create it with what
// you have, attach uploads as they finish, check it, submit it. A draft holds whatever was sent; the
// release schema and the quality check say what is missing; submission is the ordinary one.
import { and, eq, isNull } from "drizzle-orm";
import { DRAFT_MESSAGES, type ReleaseData, releaseInputSchema } from "#domain/releases";
import type { VerdictStore } from "#domain/store-verdict";
import type { Db } from "#server/db/client";
import { releaseDrafts } from "#server/db/schema";
import type { JobWorker } from "#server/jobs/queue";
import type { AuditActor } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import type { IdentifierConfig } from "#server/modules/delivery";
import { preflightRelease } from "#server/modules/quality";
import { toReleaseDto } from "./release.schema";
import { insertRelease } from "./releases.service";

type DraftRow = typeof releaseDrafts.$inferSelect;

/** What the release schema still refuses in a draft, field by field (empty: ready to submit). */
function missing(input: Record<string, unknown>): {
  data: ReleaseData | null;
  problems: { field: string; message: string }[];
} {
  const parsed = releaseInputSchema.safeParse(input);
  if (parsed.success) return { data: parsed.data, problems: [] };
  return {
    data: null,
    problems: parsed.error.issues.map((i) => ({ field: i.path.join(".") || "release", message: i.message })),
  };
}

const toDraft = (d: DraftRow) => ({
  id: d.id,
  input: d.input,
  problems: missing(d.input).problems,
  releaseId: d.releaseId,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
  submittedAt: d.submittedAt?.toISOString() ?? null,
});

async function draftOf(db: Pick<Db, "select">, workspaceId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(releaseDrafts)
    .where(and(eq(releaseDrafts.id, id), eq(releaseDrafts.workspaceId, workspaceId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new DomainError("not_found", "NOT_FOUND", DRAFT_MESSAGES.notFound);
  return row;
}

export async function createDraft(db: Db, workspaceId: string, actorId: string, input: Record<string, unknown>) {
  const [row] = await db.insert(releaseDrafts).values({ workspaceId, input, createdBy: actorId }).returning();
  return toDraft(row as DraftRow);
}

export async function getDraft(db: Db, workspaceId: string, id: string) {
  return toDraft(await draftOf(db, workspaceId, id));
}

/** Replaces a draft's fields (the whole input, as the release form sends it): refused once submitted. */
export async function replaceDraft(db: Db, workspaceId: string, id: string, input: Record<string, unknown>) {
  const [row] = await db
    .update(releaseDrafts)
    .set({ input, updatedAt: new Date() })
    .where(and(eq(releaseDrafts.id, id), eq(releaseDrafts.workspaceId, workspaceId), isNull(releaseDrafts.releaseId)))
    .returning();
  if (row) return toDraft(row);
  await draftOf(db, workspaceId, id);
  throw new DomainError("conflict", "DRAFT_SUBMITTED", DRAFT_MESSAGES.submitted);
}

/** What is missing, and once complete, the quality check's findings and every store's verdict. */
export async function validateDraft(
  deps: { db: Db; stores: readonly VerdictStore[] },
  workspaceId: string,
  id: string,
) {
  const draft = await draftOf(deps.db, workspaceId, id);
  const { data, problems } = missing(draft.input);
  const check = data ? await preflightRelease({ db: deps.db, stores: deps.stores }, workspaceId, data) : null;
  return { problems, findings: check?.findings ?? [], verdict: check?.verdict ?? null };
}

/** Submits a complete draft for review, as the release form does; the draft keeps the release's id. */
export async function submitDraft(
  deps: { db: Db; jobs: JobWorker; identifiers: IdentifierConfig },
  workspaceId: string,
  id: string,
  actor: AuditActor,
) {
  const release = await deps.db.transaction(async (tx) => {
    const draft = await draftOf(tx, workspaceId, id, true);
    if (draft.releaseId) throw new DomainError("conflict", "DRAFT_SUBMITTED", DRAFT_MESSAGES.submitted);
    const { data, problems } = missing(draft.input);
    if (!data) throw new DomainError("invalid", "DRAFT_INCOMPLETE", DRAFT_MESSAGES.incomplete, problems);
    const inserted = await insertRelease(tx, deps.identifiers, workspaceId, data, actor);
    await tx
      .update(releaseDrafts)
      .set({ releaseId: inserted.id, submittedAt: new Date() })
      .where(eq(releaseDrafts.id, id));
    return inserted;
  });
  deps.jobs.kick();
  return toReleaseDto(release);
}
