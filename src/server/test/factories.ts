import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { releases } from "../db/schema";
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

export const validRelease = (overrides: Record<string, unknown> = {}) => ({
  title: "Monsoon Nights",
  artistName: "Asha",
  releaseType: "single",
  releaseDate: "2026-12-24",
  genre: "Indie",
  upcEan: "",
  isExplicit: false,
  audioFileUrl: "https://cdn.example.com/monsoon.wav",
  coverArtUrl: "https://cdn.example.com/monsoon.jpg",
  ...overrides,
});

/** Puts a release straight into a state only an admin could give it. */
export async function setReleaseStatus(database: Database, id: string, status: string) {
  await database.db.update(releases).set({ status }).where(eq(releases.id, id));
}
