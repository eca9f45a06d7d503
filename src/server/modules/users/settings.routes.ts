import { createRoute, z } from "@hono/zod-openapi";
import { notificationPreferencesSchema, payoutAccountSchema, profileSchema } from "#domain/settings";
import { requireUser } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import {
  AVATAR_FILE,
  getNotificationPreferences,
  getPayoutAccount,
  getProfile,
  readAvatar,
  saveAvatar,
  saveNotificationPreferences,
  savePayoutAccount,
  saveProfile,
} from "./settings.service";

export const AVATAR_UPLOAD_PATH = "/api/profile/avatar";

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

// Thin routes: parse, authorize, call the service (settings.service.ts), shape the answer.
export const settingsRouter = createRouter()
  .openapi(routes.getProfile, async (c) => {
    const user = await requireUser(c);
    return c.json(await getProfile(c.get("deps").database.db, user.id), 200);
  })
  .openapi(routes.putProfile, async (c) => {
    const user = await requireUser(c);
    return c.json(await saveProfile(c.get("deps").database.db, user.id, c.req.valid("json")), 200);
  })
  .openapi(routes.uploadAvatar, async (c) => {
    const user = await requireUser(c);
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    const { uploadsDir, database } = c.get("deps");
    const profile = await saveAvatar({ db: database.db, uploadsDir }, user.id, file instanceof File ? file : null);
    return c.json(profile, 200);
  })
  .openapi(routes.getAvatar, async (c) => {
    const { file } = c.req.valid("param");
    const data = await readAvatar(c.get("deps").uploadsDir, file);
    return c.body(data, 200, {
      "Content-Type": file.endsWith(".png") ? "image/png" : "image/jpeg",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  })
  .openapi(routes.getPayout, async (c) => {
    const user = await requireUser(c);
    return c.json({ account: await getPayoutAccount(c.get("deps").database.db, user.id) }, 200);
  })
  .openapi(routes.putPayout, async (c) => {
    const user = await requireUser(c);
    const { database, payoutEncryptor } = c.get("deps");
    const account = await savePayoutAccount({ db: database.db, payoutEncryptor }, user.id, c.req.valid("json"));
    return c.json({ account }, 200);
  })
  .openapi(routes.getPreferences, async (c) => {
    const user = await requireUser(c);
    return c.json(await getNotificationPreferences(c.get("deps").database.db, user.id), 200);
  })
  .openapi(routes.putPreferences, async (c) => {
    const user = await requireUser(c);
    return c.json(await saveNotificationPreferences(c.get("deps").database.db, user.id, c.req.valid("json")), 200);
  });
