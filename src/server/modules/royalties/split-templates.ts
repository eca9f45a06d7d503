// Saved split templates (issue 19): an artist's recurring collaborators, to start a new split from.
// A template is only a starting point: applying one fills the split form, and the sheet saved from
// it is checked and versioned like any other.
import { and, asc, count, eq } from "drizzle-orm";
import {
  MAX_SPLIT_TEMPLATES,
  normaliseIndianMobile,
  SPLIT_MESSAGES,
  type SplitTemplateInput,
  splitTemplateSchema,
} from "#domain/splits";
import type { Db } from "#server/db/client";
import { splitTemplates } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";

type TemplateRow = typeof splitTemplates.$inferSelect;
const toTemplate = (t: TemplateRow) => ({
  id: t.id,
  name: t.name,
  collaborators: t.collaborators,
  updatedAt: t.updatedAt.toISOString(),
});

export async function listSplitTemplates(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(splitTemplates)
    .where(eq(splitTemplates.ownerId, userId))
    .orderBy(asc(splitTemplates.name));
  return rows.map(toTemplate);
}

/** Saves a template, replacing the artist's template of the same name. */
export async function saveSplitTemplate(db: Db, userId: string, input: SplitTemplateInput) {
  const parsed = splitTemplateSchema.parse(input);
  const collaborators = parsed.collaborators.map((c) => ({
    name: c.name,
    role: c.role,
    email: c.email,
    phone: c.phone ? (normaliseIndianMobile(c.phone) ?? c.phone) : "",
    percent: String(c.percent).trim(),
    isOwner: c.isOwner,
  }));
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: splitTemplates.id })
      .from(splitTemplates)
      .where(and(eq(splitTemplates.ownerId, userId), eq(splitTemplates.name, parsed.name)));
    if (!existing) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(splitTemplates)
        .where(eq(splitTemplates.ownerId, userId));
      if (n >= MAX_SPLIT_TEMPLATES)
        throw new DomainError("conflict", "TOO_MANY_TEMPLATES", SPLIT_MESSAGES.tooManyTemplates);
    }
    const [row] = await tx
      .insert(splitTemplates)
      .values({ ownerId: userId, name: parsed.name, collaborators })
      .onConflictDoUpdate({
        target: [splitTemplates.ownerId, splitTemplates.name],
        set: { collaborators, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error("template upsert returned nothing");
    return toTemplate(row);
  });
}

export async function deleteSplitTemplate(db: Db, userId: string, id: string) {
  const gone = await db
    .delete(splitTemplates)
    .where(and(eq(splitTemplates.id, id), eq(splitTemplates.ownerId, userId)))
    .returning({ id: splitTemplates.id });
  if (!gone.length) throw new DomainError("not_found", "NOT_FOUND", SPLIT_MESSAGES.templateNotFound);
}
