// The signed-in user's own settings (profile, picture, notices; payee details live in royalties), as plain functions
// over their dependencies: no HTTP here. settings.routes.ts parses, authorizes and shapes the answers.

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { z } from "zod";
import { t } from "#domain/i18n";
import type { Locale } from "#domain/i18n/locales";
import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_SIDE,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_KEYS,
  type notificationPreferencesSchema,
  type profileSchema,
  SETTINGS_MESSAGES,
} from "#domain/settings";
import type { Db } from "#server/db/client";
import { notificationPreferences, users } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";

export const AVATAR_URL_PREFIX = "/api/uploads/avatars/";
export const AVATAR_FILE = /^[a-zA-Z0-9-]{1,80}\.(png|jpg)$/;

/** The account is gone (deleted in another tab): as if signed out. */
const signedOut = () => new DomainError("unauthenticated", "UNAUTHORIZED", t("server.signIn"));
const invalid = (message: string) => new DomainError("invalid", "VALIDATION_ERROR", message);

const profileColumns = {
  name: users.name,
  email: users.email,
  bio: users.bio,
  website: users.website,
  instagram: users.instagram,
  twitter: users.twitter,
  image: users.image,
};
type ProfileRow = { [K in keyof typeof profileColumns]: (typeof users.$inferSelect)[K] };
const toProfile = (row: ProfileRow) => ({
  name: row.name,
  email: row.email,
  bio: row.bio ?? "",
  website: row.website ?? "",
  instagram: row.instagram ?? "",
  twitter: row.twitter ?? "",
  image: row.image,
});

/** What the file's first bytes say it is; the declared type and name are not trusted. */
function imageKind(bytes: Uint8Array): "png" | "jpg" | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  return null;
}

export async function getProfile(db: Db, userId: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  if (!row) throw signedOut();
  return toProfile(row);
}

export async function saveProfile(db: Db, userId: string, input: z.output<typeof profileSchema>) {
  const [row] = await db
    .update(users)
    .set({
      name: input.name,
      bio: input.bio || null,
      website: input.website || null,
      instagram: input.instagram || null,
      twitter: input.twitter || null,
    })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  if (!row) throw signedOut();
  return toProfile(row);
}

/**
 * A new profile picture: a PNG or JPEG within the size and pixel limits (read from its header,
 * without decoding the pixels), stored under a fresh name; the previous one is removed.
 */
export async function saveAvatar(deps: { db: Db; uploadsDir: string }, userId: string, file: File | null) {
  if (!file) throw invalid(SETTINGS_MESSAGES.avatarWrongType);
  if (file.size > AVATAR_MAX_BYTES) throw invalid(SETTINGS_MESSAGES.avatarTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = imageKind(bytes);
  if (!kind) throw invalid(SETTINGS_MESSAGES.avatarWrongType);
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw invalid(SETTINGS_MESSAGES.avatarWrongType);
  if (meta.width > AVATAR_MAX_SIDE || meta.height > AVATAR_MAX_SIDE)
    throw invalid(SETTINGS_MESSAGES.avatarTooManyPixels);

  const dir = path.join(deps.uploadsDir, "avatars");
  await fs.mkdir(dir, { recursive: true });
  const name = `${userId.replace(/[^a-zA-Z0-9-]/g, "")}-${randomBytes(8).toString("hex")}.${kind}`;
  await fs.writeFile(path.join(dir, name), bytes);
  const [previous] = await deps.db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  const [row] = await deps.db
    .update(users)
    .set({ image: `${AVATAR_URL_PREFIX}${name}` })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  if (!row) throw signedOut();
  const old = previous?.image?.startsWith(AVATAR_URL_PREFIX) ? previous.image.slice(AVATAR_URL_PREFIX.length) : null;
  if (old && AVATAR_FILE.test(old)) await fs.rm(path.join(dir, old), { force: true });
  return toProfile(row);
}

/** A stored profile picture's bytes, or a "not found". */
export async function readAvatar(uploadsDir: string, file: string) {
  const data = await fs.readFile(path.join(uploadsDir, "avatars", file)).catch(() => null);
  if (!data) throw new DomainError("not_found", "NOT_FOUND", t("server.noPicture"));
  return new Uint8Array(data);
}

export async function getNotificationPreferences(db: Db, userId: string) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  if (row) for (const key of NOTIFICATION_PREFERENCE_KEYS) prefs[key] = row[key];
  return prefs;
}

export async function saveNotificationPreferences(
  db: Db,
  userId: string,
  input: z.output<typeof notificationPreferencesSchema>,
) {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: input });
  return input;
}

/** Saves the language a user reads Kalrav in (their next e-mails and PDFs use it too). */
export async function saveLanguage(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}
