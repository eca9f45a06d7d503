import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_SIDE,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_KEYS,
  notificationPreferencesSchema,
  payoutAccountSchema,
  profileSchema,
  SETTINGS_MESSAGES,
} from "#domain/settings";
import { requireUser } from "#server/auth/guards";
import { notificationPreferences, payoutAccounts, users } from "#server/db/schema";
import { createRouter } from "#server/lib/create-router";
import { ApiError } from "#server/lib/errors";
import { err, json } from "#server/lib/route-helpers";

export const AVATAR_UPLOAD_PATH = "/api/profile/avatar";
const AVATAR_URL_PREFIX = "/api/uploads/avatars/";
const AVATAR_FILE = /^[a-zA-Z0-9-]{1,80}\.(png|jpg)$/;

const profileOut = z
  .object({
    name: z.string(),
    email: z.string(),
    bio: z.string(),
    website: z.string(),
    instagram: z.string(),
    twitter: z.string(),
    image: z.string().nullable(),
  })
  .openapi("Profile");

const payoutOut = z
  .object({
    method: z.enum(["bankTransfer", "paypal"]),
    accountName: z.string(),
    accountNumberMasked: z.string().nullable(),
    routingNumber: z.string(),
    bankName: z.string(),
    paypalEmail: z.string(),
    taxForm: z.enum(["w9", "w8ben", "w8bene"]).nullable(),
  })
  .openapi("PayoutAccount");

const routes = {
  getProfile: createRoute({
    method: "get",
    path: "/profile",
    tags: ["Settings"],
    summary: "The signed-in user's profile",
    responses: { 200: json(profileOut, "Profile"), 401: err("Signed out") },
  }),
  putProfile: createRoute({
    method: "put",
    path: "/profile",
    tags: ["Settings"],
    summary: "Save name, bio, website and social handles (the e-mail changes through the confirmation flow)",
    request: { body: { content: { "application/json": { schema: profileSchema } }, required: true } },
    responses: { 200: json(profileOut, "Saved"), 400: err("Invalid input"), 401: err("Signed out") },
  }),
  uploadAvatar: createRoute({
    method: "post",
    path: "/profile/avatar",
    tags: ["Settings"],
    summary: "Upload a profile picture (JPG or PNG, at most 2 MB) as multipart field 'file'",
    responses: { 200: json(profileOut, "Saved"), 400: err("Not a JPG/PNG or too large"), 401: err("Signed out") },
  }),
  getAvatar: createRoute({
    method: "get",
    path: "/uploads/avatars/{file}",
    tags: ["Settings"],
    summary: "A stored profile picture",
    request: { params: z.object({ file: z.string().regex(AVATAR_FILE) }) },
    responses: { 200: { description: "The image" }, 404: err("No such picture") },
  }),
  getPayout: createRoute({
    method: "get",
    path: "/payout-account",
    tags: ["Settings"],
    summary: "Where royalties are paid; the account number only masked",
    responses: { 200: json(z.object({ account: payoutOut.nullable() }), "Payout account"), 401: err("Signed out") },
  }),
  putPayout: createRoute({
    method: "put",
    path: "/payout-account",
    tags: ["Settings"],
    summary: "Save payout details; the account number is encrypted at rest",
    request: { body: { content: { "application/json": { schema: payoutAccountSchema } }, required: true } },
    responses: {
      200: json(z.object({ account: payoutOut }), "Saved"),
      400: err("Invalid input"),
      401: err("Signed out"),
    },
  }),
  getPreferences: createRoute({
    method: "get",
    path: "/notification-preferences",
    tags: ["Settings"],
    summary: "The six notification preferences",
    responses: { 200: json(notificationPreferencesSchema, "Preferences"), 401: err("Signed out") },
  }),
  putPreferences: createRoute({
    method: "put",
    path: "/notification-preferences",
    tags: ["Settings"],
    summary: "Save the notification preferences",
    request: { body: { content: { "application/json": { schema: notificationPreferencesSchema } }, required: true } },
    responses: { 200: json(notificationPreferencesSchema, "Saved"), 400: err("Invalid input"), 401: err("Signed out") },
  }),
};

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

type PayoutRow = typeof payoutAccounts.$inferSelect;
const toPayout = (row: PayoutRow) => ({
  method: row.method as "bankTransfer" | "paypal",
  accountName: row.accountName ?? "",
  accountNumberMasked: row.accountNumberLast4 ? `•••• ${row.accountNumberLast4}` : null,
  routingNumber: row.routingNumber ?? "",
  bankName: row.bankName ?? "",
  paypalEmail: row.paypalEmail ?? "",
  taxForm: (row.taxForm as "w9" | "w8ben" | "w8bene" | null) ?? null,
});

export const settingsRouter = createRouter()
  .openapi(routes.getProfile, async (c) => {
    const user = await requireUser(c);
    const [row] = await c.get("deps").database.db.select(profileColumns).from(users).where(eq(users.id, user.id));
    if (!row) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
    return c.json(toProfile(row), 200);
  })
  .openapi(routes.putProfile, async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid("json");
    const [row] = await c
      .get("deps")
      .database.db.update(users)
      .set({
        name: input.name,
        bio: input.bio || null,
        website: input.website || null,
        instagram: input.instagram || null,
        twitter: input.twitter || null,
      })
      .where(eq(users.id, user.id))
      .returning(profileColumns);
    if (!row) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
    return c.json(toProfile(row), 200);
  })
  .openapi(routes.uploadAvatar, async (c) => {
    const user = await requireUser(c);
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File)) throw new ApiError(400, "VALIDATION_ERROR", SETTINGS_MESSAGES.avatarWrongType);
    if (file.size > AVATAR_MAX_BYTES) throw new ApiError(400, "VALIDATION_ERROR", SETTINGS_MESSAGES.avatarTooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = imageKind(bytes);
    if (!kind) throw new ApiError(400, "VALIDATION_ERROR", SETTINGS_MESSAGES.avatarWrongType);
    // The header's size, read without decoding the pixels.
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) throw new ApiError(400, "VALIDATION_ERROR", SETTINGS_MESSAGES.avatarWrongType);
    if (meta.width > AVATAR_MAX_SIDE || meta.height > AVATAR_MAX_SIDE) {
      throw new ApiError(400, "VALIDATION_ERROR", SETTINGS_MESSAGES.avatarTooManyPixels);
    }

    const { uploadsDir, database } = c.get("deps");
    const dir = path.join(uploadsDir, "avatars");
    await fs.mkdir(dir, { recursive: true });
    const name = `${user.id.replace(/[^a-zA-Z0-9-]/g, "")}-${randomBytes(8).toString("hex")}.${kind}`;
    await fs.writeFile(path.join(dir, name), bytes);
    const [previous] = await database.db.select({ image: users.image }).from(users).where(eq(users.id, user.id));
    const [row] = await database.db
      .update(users)
      .set({ image: `${AVATAR_URL_PREFIX}${name}` })
      .where(eq(users.id, user.id))
      .returning(profileColumns);
    if (!row) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
    const old = previous?.image?.startsWith(AVATAR_URL_PREFIX) ? previous.image.slice(AVATAR_URL_PREFIX.length) : null;
    if (old && AVATAR_FILE.test(old)) await fs.rm(path.join(dir, old), { force: true });
    return c.json(toProfile(row), 200);
  })
  .openapi(routes.getAvatar, async (c) => {
    const { file } = c.req.valid("param");
    const data = await fs.readFile(path.join(c.get("deps").uploadsDir, "avatars", file)).catch(() => null);
    if (!data) throw new ApiError(404, "NOT_FOUND", "No such picture.");
    return c.body(new Uint8Array(data), 200, {
      "Content-Type": file.endsWith(".png") ? "image/png" : "image/jpeg",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  })
  .openapi(routes.getPayout, async (c) => {
    const user = await requireUser(c);
    const [row] = await c
      .get("deps")
      .database.db.select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, user.id));
    return c.json({ account: row ? toPayout(row) : null }, 200);
  })
  .openapi(routes.putPayout, async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid("json");
    const { database, payoutEncryptor } = c.get("deps");
    const [existing] = await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
    const bank = input.method === "bankTransfer";
    if (bank && !input.accountNumber && !existing?.accountNumberEncrypted) {
      throw new ApiError(400, "VALIDATION_ERROR", SETTINGS_MESSAGES.bankFieldsRequired);
    }
    const number = bank && input.accountNumber ? input.accountNumber : null;
    const values = {
      method: input.method,
      accountName: bank ? input.accountName : null,
      routingNumber: bank ? input.routingNumber : null,
      bankName: bank ? input.bankName : null,
      paypalEmail: bank ? null : input.paypalEmail,
      taxForm: input.taxForm,
      // A blank number on update keeps the stored one; PayPal keeps no bank number.
      accountNumberEncrypted: !bank
        ? null
        : number
          ? payoutEncryptor.encrypt(number)
          : (existing?.accountNumberEncrypted ?? null),
      accountNumberLast4: !bank ? null : number ? number.slice(-4) : (existing?.accountNumberLast4 ?? null),
    };
    const [row] = await database.db
      .insert(payoutAccounts)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
      .returning();
    if (!row) throw new Error("payout upsert returned nothing");
    return c.json({ account: toPayout(row) }, 200);
  })
  .openapi(routes.getPreferences, async (c) => {
    const user = await requireUser(c);
    const [row] = await c
      .get("deps")
      .database.db.select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id));
    const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES };
    if (row) for (const key of NOTIFICATION_PREFERENCE_KEYS) prefs[key] = row[key];
    return c.json(prefs, 200);
  })
  .openapi(routes.putPreferences, async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid("json");
    await c
      .get("deps")
      .database.db.insert(notificationPreferences)
      .values({ userId: user.id, ...input })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: input });
    return c.json(input, 200);
  });
