import type { TestProject } from "vitest/node";
import { createDatabaseTemplate } from "./test-database";

/** Migrates the test database template once per run (a fresh PGlite costs seconds; a clone, under one). */
export default async function setup(project: TestProject) {
  const { template, remove } = await createDatabaseTemplate();
  project.provide("databaseTemplate", template);
  return remove;
}
