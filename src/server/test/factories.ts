import { eq } from "drizzle-orm";
import type { ReleaseInput } from "#domain/releases";
import type { Database } from "#server/db/client";
import { releases } from "#server/db/schema";
import type { TestClient, TestServer } from "./test-server";

let counter = 0;

/** A signed-in artist with a fresh e-mail. */
export async function createArtist(
  server: TestServer,
  name = "Artist",
): Promise<{ client: TestClient; email: string; id: string }> {
  counter += 1;
  const email = `artist-${counter}-${Date.now()}@example.com`;
  const client = server.client();
  await client.signUp(name, email, "artist-pass");
  await client.signIn(email, "artist-pass");
  const session = await client.get("/api/session");
  return { client, email, id: session.body.user.id };
}

/** A valid release as the API takes it, typed for the typed client (`client.api`). */
export const releaseInput = (overrides: Partial<ReleaseInput> = {}): ReleaseInput => ({
  title: "Monsoon Nights",
  artistName: "Asha",
  releaseType: "single",
  releaseDate: "2026-12-24",
  genre: "Indie",
  upcEan: "",
  isExplicit: false,
  audioFileUrl: "https://cdn.example.com/monsoon.wav",
  coverArtUrl: "https://cdn.example.com/monsoon.jpg",
  // The artist's answer to the AI question, which every submission needs.
  aiUsed: "no",
  ...overrides,
});

/** The same, with any overrides at all: for the tests of what the API refuses. */
export const validRelease = (overrides: Record<string, unknown> = {}) => ({ ...releaseInput(), ...overrides });

/** Puts a release straight into a state only an admin could give it. */
export async function setReleaseStatus(database: Database, id: string, status: string) {
  await database.db.update(releases).set({ status }).where(eq(releases.id, id));
}

/**
 * A release of `artist` approved by `admin` as it happens for real (its codes claimed, identifiers
 * assigned, deliveries queued), with the quality check marked passed so no media host is needed.
 */
export async function createLiveRelease(
  server: TestServer,
  admin: TestClient,
  artist: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; upcEan: string; isrcs: string[] }> {
  const created = await artist.post("/api/releases", validRelease(overrides));
  if (created.status !== 201) throw new Error(`release not created: ${created.status} ${created.text}`);
  const id = created.body.release.id as string;
  await server.jobs.drain();
  await server.database.db
    .update(releases)
    .set({ qcStatus: "done", qcFindings: [], qcCheckedAt: new Date() })
    .where(eq(releases.id, id));
  const approved = await admin.post(`/api/admin/releases/${id}/approve`);
  if (approved.status !== 200) throw new Error(`release not approved: ${approved.status} ${approved.text}`);
  const detail = await artist.get(`/api/releases/${id}`);
  return {
    id,
    upcEan: approved.body.release.upcEan as string,
    isrcs: (detail.body.tracks as { isrc: string }[]).map((t) => t.isrc),
  };
}

/** A release submitted by `artist` through the API (pending review), with any fields changed. */
export async function createRelease(
  artist: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; title: string }> {
  const created = await artist.post("/api/releases", validRelease(overrides));
  if (created.status !== 201) throw new Error(`release not created: ${created.status} ${created.text}`);
  return { id: created.body.release.id as string, title: created.body.release.title as string };
}

/** A support ticket opened by `artist` through the API. */
export async function createTicket(
  artist: TestClient,
  input: { subject?: string; description?: string } = {},
): Promise<{ id: string; number: number }> {
  const created = await artist.post("/api/tickets", {
    subject: input.subject ?? "A question",
    description: input.description ?? "When am I paid?",
  });
  if (created.status !== 201) throw new Error(`ticket not created: ${created.status} ${created.text}`);
  return { id: created.body.ticket.id as string, number: created.body.ticket.number as number };
}

/** Payee details for someone paid by PayPal outside India (by hand): enough to request a payout. */
export const paypalPayee = (paypalEmail: string, legalName = "Test Payee") => ({
  residence: "abroad",
  legalName,
  method: "paypal",
  paypalEmail,
  taxForm: "w8ben",
});
