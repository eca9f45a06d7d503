// Artist profiles (issue 35): the rules, without HTTP.

import { and, asc, count, countDistinct, eq, inArray, sql } from "drizzle-orm";
import { ARTIST_MESSAGES, type ArtistCreditRole, type ArtistData, artistNameKey } from "#domain/artists";
import { t } from "#domain/i18n";
import { PLANS } from "#domain/plans";
import { needsTransliteration } from "#domain/scripts";
import { suggestTransliteration } from "#domain/transliteration";
import { SECRET_CHANGED } from "#domain/workspaces";
import type { Db, Tx } from "#server/db/client";
import { artistProfiles, releaseArtists, releases, trackArtists, tracks, workspaces } from "#server/db/schema";
import { type AuditActor, changedFields, recordAudit } from "#server/lib/audit-log";
import { DomainError } from "#server/lib/domain-error";
import type { Encryptor } from "#server/lib/encryption";
import { currentPlanId } from "#server/modules/subscriptions";

export interface ArtistDeps {
  db: Db;
  /** Seals the Artist Profile Protection key at rest. */
  encryptor: Encryptor;
}

type Row = typeof artistProfiles.$inferSelect;

const notFound = () => new DomainError("not_found", "NOT_FOUND", ARTIST_MESSAGES.notFound);

/** What the API says of a profile: the protection key only as present or not, never its value. */
function toArtist(row: Row, releases: number) {
  return {
    id: row.id,
    ...audited(row),
    hasAppKey: row.appKeyEncrypted !== null,
    releases,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The profile's own fields, as answers and audit entries show them: never the key. */
function audited(row: Row) {
  return {
    name: row.name,
    nameLatin: row.nameLatin,
    imageUrl: row.imageUrl,
    bio: row.bio,
    links: row.links,
    newToStores: row.newToStores,
    spotifyArtistUri: row.spotifyArtistUri,
    appleMusicArtistId: row.appleMusicArtistId,
  };
}

export async function listArtists(db: Db, workspaceId: string, scope: string[] | null = null) {
  // Two statements side by side (issue 36): the profiles with their credit counts, and the plan.
  const [rows, planId] = await Promise.all([
    db
      .select({
        profile: artistProfiles,
        releases:
          sql<number>`(select count(*) from ${releaseArtists} where ${releaseArtists.artistId} = ${artistProfiles.id})`.mapWith(
            Number,
          ),
      })
      .from(artistProfiles)
      .where(eq(artistProfiles.workspaceId, workspaceId))
      .orderBy(asc(artistProfiles.name)),
    currentPlanId(db, workspaceId),
  ]);
  const plan = PLANS[planId];
  return {
    artists: rows.filter((r) => !scope || scope.includes(r.profile.id)).map((r) => toArtist(r.profile, r.releases)),
    limit: plan.artistProfiles,
    planName: plan.name,
  };
}

async function ownArtist(db: Db | Tx, workspaceId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(artistProfiles)
    .where(and(eq(artistProfiles.id, id), eq(artistProfiles.workspaceId, workspaceId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

export async function getArtist(db: Db, workspaceId: string, id: string) {
  const row = await ownArtist(db, workspaceId, id);
  return toArtist(row, await creditCount(db, id));
}

/** How many artist profiles the workspace has. */
export async function artistProfileCount(db: Db | Tx, workspaceId: string) {
  const [held] = await db
    .select({ n: count() })
    .from(artistProfiles)
    .where(eq(artistProfiles.workspaceId, workspaceId));
  return Number(held?.n ?? 0);
}

/** The workspace's plan, and whether it holds room for another profile. */
async function profileRoom(tx: Tx, workspaceId: string) {
  const plan = PLANS[await currentPlanId(tx, workspaceId)];
  return { plan, room: (await artistProfileCount(tx, workspaceId)) < plan.artistProfiles };
}

/** How many releases credit a profile, as a release's main artist or on one of its tracks. */
async function creditCount(db: Db | Tx, artistId: string) {
  const [credited] = await db
    .select({ n: countDistinct(sql`coalesce(${releaseArtists.releaseId}, ${tracks.releaseId})`) })
    .from(artistProfiles)
    .leftJoin(releaseArtists, eq(releaseArtists.artistId, artistProfiles.id))
    .leftJoin(trackArtists, eq(trackArtists.artistId, artistProfiles.id))
    .leftJoin(tracks, eq(tracks.id, trackArtists.trackId))
    .where(eq(artistProfiles.id, artistId));
  return Number(credited?.n ?? 0);
}

/** Refuses a profile past the plan's limit; the workspace row is locked so two at once cannot both pass. */
async function withinLimit(tx: Tx, workspaceId: string) {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
  const { plan, room } = await profileRoom(tx, workspaceId);
  if (!room) throw new DomainError("conflict", "ARTIST_LIMIT", ARTIST_MESSAGES.limit(plan.name, plan.artistProfiles));
}

async function nameTaken(tx: Tx, workspaceId: string, name: string, except?: string) {
  const [row] = await tx
    .select({ id: artistProfiles.id })
    .from(artistProfiles)
    .where(and(eq(artistProfiles.workspaceId, workspaceId), sql`lower(${artistProfiles.name}) = lower(${name})`));
  return row !== undefined && row.id !== except;
}

const duplicate = () =>
  new DomainError("conflict", "ARTIST_EXISTS", ARTIST_MESSAGES.duplicate, {
    fields: { name: ARTIST_MESSAGES.duplicate },
  });

export async function createArtist(deps: ArtistDeps, actor: AuditActor, workspaceId: string, input: ArtistData) {
  return deps.db.transaction(async (tx) => {
    await withinLimit(tx, workspaceId);
    if (await nameTaken(tx, workspaceId, input.name)) throw duplicate();
    const [row] = await tx
      .insert(artistProfiles)
      .values({
        workspaceId,
        name: input.name,
        nameLatin: input.nameLatin || null,
        imageUrl: input.imageUrl ?? null,
        bio: input.bio ?? null,
        links: input.links,
        newToStores: input.newToStores,
        spotifyArtistUri: input.spotifyArtistUri ?? null,
        appleMusicArtistId: input.appleMusicArtistId ?? null,
        appKeyEncrypted: input.appKey ? deps.encryptor.encrypt(input.appKey) : null,
      })
      .returning();
    if (!row) throw new Error("artist insert returned nothing");
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "artist",
      action: "created",
      subjectId: row.id,
      summary: ["audit.s.artistCreated", { name: row.name }],
      after: { ...audited(row), ...(input.appKey ? { appKey: SECRET_CHANGED } : {}) },
    });
    return toArtist(row, 0);
  });
}

export async function updateArtist(
  deps: ArtistDeps,
  actor: AuditActor,
  workspaceId: string,
  id: string,
  input: ArtistData,
) {
  return deps.db.transaction(async (tx) => {
    const before = await ownArtist(tx, workspaceId, id, true);
    if (await nameTaken(tx, workspaceId, input.name, id)) throw duplicate();
    // The key is write-only: absent keeps it, null removes it, a value replaces it.
    const appKeyEncrypted =
      input.appKey === undefined ? before.appKeyEncrypted : input.appKey ? deps.encryptor.encrypt(input.appKey) : null;
    const [after] = await tx
      .update(artistProfiles)
      .set({
        name: input.name,
        nameLatin: input.nameLatin || null,
        imageUrl: input.imageUrl ?? null,
        bio: input.bio ?? null,
        links: input.links,
        newToStores: input.newToStores,
        spotifyArtistUri: input.spotifyArtistUri ?? null,
        appleMusicArtistId: input.appleMusicArtistId ?? null,
        appKeyEncrypted,
      })
      .where(eq(artistProfiles.id, id))
      .returning();
    if (!after) throw notFound();
    const diff = changedFields(audited(before), audited(after));
    const keyChanged = input.appKey !== undefined && !(input.appKey === null && before.appKeyEncrypted === null);
    if (Object.keys(diff.after).length || keyChanged) {
      await recordAudit(tx, {
        workspaceId,
        actor,
        kind: "artist",
        action: "changed",
        subjectId: id,
        summary: ["audit.s.artistChanged", { name: after.name }],
        before: { ...diff.before, ...(keyChanged ? { appKey: before.appKeyEncrypted ? SECRET_CHANGED : null } : {}) },
        after: { ...diff.after, ...(keyChanged ? { appKey: after.appKeyEncrypted ? SECRET_CHANGED : null } : {}) },
      });
    }
    return toArtist(after, await creditCount(tx, id));
  });
}

/** Deletes a profile no release credits. */
export async function deleteArtist(db: Db, actor: AuditActor, workspaceId: string, id: string) {
  await db.transaction(async (tx) => {
    const row = await ownArtist(tx, workspaceId, id, true);
    if ((await creditCount(tx, id)) > 0) throw new DomainError("conflict", "ARTIST_IN_USE", ARTIST_MESSAGES.inUse);
    await tx.delete(artistProfiles).where(eq(artistProfiles.id, id));
    await recordAudit(tx, {
      workspaceId,
      actor,
      kind: "artist",
      action: "deleted",
      subjectId: id,
      summary: ["audit.s.artistDeleted", { name: row.name }],
      before: audited(row),
    });
  });
}

/**
 * Credits a release's artists to the workspace's profiles, inside the release's own transaction, from
 * the names as saved. The main artist's name the workspace has no profile for becomes one while the
 * plan allows; past its limit the release keeps the typed name only (the Artists page shows what the
 * plan holds). A track's own main artist (a compilation's), featured artists and remixers are linked
 * to the profiles their names match; a guest without a profile here stays a credit by name, so a
 * featured guest never spends one of the plan's profiles (decision 031). A compilation credits, as its
 * main artists, the profiles its tracks credit as theirs. Called after the release's tracks were
 * written anew, so their old credits went with the old rows.
 */
export async function creditReleaseArtists(tx: Tx, workspaceId: string, releaseId: string) {
  const [release] = await tx
    .select({ artistName: releases.artistName, type: releases.releaseType })
    .from(releases)
    .where(eq(releases.id, releaseId));
  if (!release) return;
  const compilation = release.type === "compilation";
  const trackRows = await tx
    .select({
      id: tracks.id,
      position: tracks.position,
      artistName: tracks.artistName,
      featuredArtists: tracks.featuredArtists,
      remixers: tracks.remixers,
    })
    .from(tracks)
    .where(eq(tracks.releaseId, releaseId))
    .orderBy(asc(tracks.position));
  await tx.delete(releaseArtists).where(eq(releaseArtists.releaseId, releaseId));

  const profiles = await tx
    .select({ id: artistProfiles.id, name: artistProfiles.name })
    .from(artistProfiles)
    .where(eq(artistProfiles.workspaceId, workspaceId));
  const byName = new Map(profiles.map((p) => [artistNameKey(p.name), p.id]));
  const main = release.artistName.trim();
  if (!compilation && main && !byName.has(artistNameKey(main)) && (await profileRoom(tx, workspaceId)).room) {
    const [created] = await tx
      .insert(artistProfiles)
      // A name in an Indian script gets its suggested Latin form, which the Artists page can correct.
      .values({ workspaceId, name: main, nameLatin: needsTransliteration(main) ? suggestTransliteration(main) : null })
      .onConflictDoNothing()
      .returning({ id: artistProfiles.id });
    if (created) byName.set(artistNameKey(main), created.id);
  }

  const trackCredits: (typeof trackArtists.$inferInsert)[] = [];
  const compilationMains: string[] = [];
  for (const t of trackRows) {
    const credit = (names: readonly string[], role: ArtistCreditRole) => {
      const seen = new Set<string>();
      for (const name of names) {
        const artistId = byName.get(artistNameKey(name));
        if (!artistId || seen.has(artistId)) continue;
        seen.add(artistId);
        trackCredits.push({ trackId: t.id, artistId, role, position: seen.size });
      }
    };
    credit(t.artistName ? [t.artistName] : [], "primary");
    credit(t.featuredArtists, "featured");
    credit(t.remixers, "remixer");
    const own = t.artistName && byName.get(artistNameKey(t.artistName));
    if (compilation && own && !compilationMains.includes(own)) compilationMains.push(own);
  }
  const mains = compilation ? compilationMains : [byName.get(artistNameKey(main))].filter((id) => id !== undefined);
  if (mains.length) {
    await tx
      .insert(releaseArtists)
      .values(mains.map((artistId, i) => ({ releaseId, artistId, role: "primary" as const, position: i + 1 })));
  }
  if (trackCredits.length) await tx.insert(trackArtists).values(trackCredits);
}

/** The profiles credited as a release's main artists, in order, as the public page presents them. */
export async function releaseMainArtists(db: Db | Tx, releaseId: string) {
  return db
    .select({ name: artistProfiles.name, bio: artistProfiles.bio, links: artistProfiles.links })
    .from(releaseArtists)
    .innerJoin(artistProfiles, eq(artistProfiles.id, releaseArtists.artistId))
    .where(and(eq(releaseArtists.releaseId, releaseId), eq(releaseArtists.role, "primary")))
    .orderBy(asc(releaseArtists.position), asc(artistProfiles.name));
}

/** A credited profile's identities at the stores, with its protection key decrypted for delivery. */
export interface ArtistIdentity {
  id: string;
  name: string;
  /** The name in Latin letters, for a name in an Indian script. */
  nameLatin: string | null;
  spotifyArtistUri: string | null;
  appleMusicArtistId: string | null;
  appKey: string | null;
}

/**
 * Every profile a release credits (the release's main artists and its tracks' credits) with its store
 * identities, for the delivery to pick what each store reads (the key for Spotify only).
 */
export async function releaseArtistIdentities(
  db: Db | Tx,
  encryptor: Encryptor,
  releaseId: string,
): Promise<ArtistIdentity[]> {
  const credited = db
    .select({ artistId: releaseArtists.artistId })
    .from(releaseArtists)
    .where(eq(releaseArtists.releaseId, releaseId))
    .union(
      db
        .select({ artistId: trackArtists.artistId })
        .from(trackArtists)
        .innerJoin(tracks, eq(tracks.id, trackArtists.trackId))
        .where(eq(tracks.releaseId, releaseId)),
    );
  const rows = await db
    .select({
      id: artistProfiles.id,
      name: artistProfiles.name,
      nameLatin: artistProfiles.nameLatin,
      spotifyArtistUri: artistProfiles.spotifyArtistUri,
      appleMusicArtistId: artistProfiles.appleMusicArtistId,
      appKeyEncrypted: artistProfiles.appKeyEncrypted,
    })
    .from(artistProfiles)
    .where(inArray(artistProfiles.id, credited))
    .orderBy(asc(artistProfiles.name));
  return rows.map(({ appKeyEncrypted, ...row }) => ({
    ...row,
    appKey: appKeyEncrypted ? encryptor.decrypt(appKeyEncrypted) : null,
  }));
}

/**
 * For a member limited to some artists (issue 35): the releases among `releaseIds` that credit one of
 * them. Everyone else sees all of the workspace's (scope null).
 */
export async function releasesInScope(db: Db | Tx, scope: string[] | null, releaseIds: string[]) {
  if (!scope) return new Set(releaseIds);
  if (!releaseIds.length || !scope.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: releaseArtists.releaseId })
    .from(releaseArtists)
    .where(and(inArray(releaseArtists.releaseId, releaseIds), inArray(releaseArtists.artistId, scope)));
  return new Set(rows.map((r) => r.id));
}

/** A release outside the member's artists is "not found", as another workspace's is. */
export async function requireReleaseInScope(db: Db | Tx, scope: string[] | null, releaseId: string) {
  if (!scope) return;
  if (!(await releasesInScope(db, scope, [releaseId])).has(releaseId)) {
    throw new DomainError("not_found", "NOT_FOUND", t("server.releaseNotFound"));
  }
}

/** A scoped member adds releases only under their artists' names. */
export async function requireArtistNameInScope(db: Db, workspaceId: string, scope: string[] | null, name: string) {
  if (!scope) return;
  const allowed = await db
    .select({ name: artistProfiles.name })
    .from(artistProfiles)
    .where(and(eq(artistProfiles.workspaceId, workspaceId), inArray(artistProfiles.id, scope)));
  if (!allowed.some((a) => a.name.toLowerCase() === name.trim().toLowerCase())) {
    throw new DomainError(
      "forbidden",
      "SCOPED",
      `You can add releases for ${allowed.map((a) => a.name).join(", ") || "no artist"} only: name one of them as the artist.`,
    );
  }
}
