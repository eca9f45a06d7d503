import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { migrationsFolder } from "#server/db/client";

/** The committed migrations up to and including `lastTag`, as a folder drizzle's migrator reads: an older schema. */
export async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-migrations-"));
  await fs.cp(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await fs.readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return dir;
}
