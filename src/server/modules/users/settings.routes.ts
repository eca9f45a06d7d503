import { createRoute, z } from "@hono/zod-openapi";
import { localeCookie } from "#domain/i18n/locales";
import { languageChoiceSchema, notificationPreferencesSchema, profileSchema } from "#domain/settings";
import { requireUser } from "#server/auth/guards";
import { createRouter } from "#server/lib/create-router";
import { err, json } from "#server/lib/route-helpers";
import {
  AVATAR_FILE,
  getNotificationPreferences,
  getProfile,
  readAvatar,
  saveAvatar,
  saveLanguage,
  saveNotificationPreferences,
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
  putLanguage: createRoute({
    method: "put",
    path: "/language",
    tags: ["Settings"],
    summary: "Choose the language of the screens, e-mails and PDFs: en or hi",
    request: { body: { content: { "application/json": { schema: languageChoiceSchema } }, required: true } },
    responses: {
      200: json(languageChoiceSchema, "Saved"),
      400: err("Not a language we speak"),
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
  .openapi(routes.putLanguage, async (c) => {
    const user = await requireUser(c);
    const { locale } = c.req.valid("json");
    await saveLanguage(c.get("deps").database.db, user.id, locale);
    // The browser keeps it too, so the public pages answer in it after signing out.
    c.header("Set-Cookie", localeCookie(locale));
    return c.json({ locale }, 200);
  })
  .openapi(routes.getPreferences, async (c) => {
    const user = await requireUser(c);
    return c.json(await getNotificationPreferences(c.get("deps").database.db, user.id), 200);
  })
  .openapi(routes.putPreferences, async (c) => {
    const user = await requireUser(c);
    return c.json(await saveNotificationPreferences(c.get("deps").database.db, user.id, c.req.valid("json")), 200);
  });
