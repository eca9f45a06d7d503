import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from "#domain/catalogue-import";
import { CASE_FILE_MAX_BYTES } from "#domain/fraud";
import { t } from "#domain/i18n";
import { AVATAR_MAX_BYTES } from "#domain/settings";
import { accessControl } from "#server/auth/access";
import { cancelEmailChange, handleAuthRequest } from "#server/auth/auth.handler";
import type { AppDeps, AppEnv } from "#server/context";
import { roles } from "#server/db/schema";
import { clientIp } from "#server/lib/client-ip";
import { createRouter } from "#server/lib/create-router";
import { errorBody, handleError } from "#server/lib/errors";
import { localizeErrors } from "#server/lib/i18n";
import { originGuard } from "#server/lib/origin-guard";
import { requestIdOf } from "#server/lib/security-headers";
import { mountWeb } from "#server/lib/static-web";
import { refuseNul } from "#server/lib/text-guard";
import { analyticsRouter } from "#server/modules/analytics";
import { apiKeysRouter } from "#server/modules/api-keys";
import { artistsRouter } from "#server/modules/artists";
import { catalogueRouter, IMPORT_UPLOAD_PATH } from "#server/modules/catalogue";
import { adminDashboardRouter, dashboardRouter } from "#server/modules/dashboard";
import { adminDeliveriesRouter } from "#server/modules/delivery";
import { adminCasesRouter, CASE_MESSAGE_PATH, casesRouter } from "#server/modules/fraud";
import { notificationsRouter } from "#server/modules/notifications";
import { adminPaymentsRouter, billingRouter, webhooksRouter } from "#server/modules/payments";
import { payoutsRouter } from "#server/modules/payouts";
import { provenancePages, provenanceRouter } from "#server/modules/provenance";
import { v1Router } from "#server/modules/public-api";
import { adminReleasesRouter, publicReleasePages, releasesRouter } from "#server/modules/releases";
import { REPORT_UPLOAD_PATH, reportsRouter } from "#server/modules/reports";
import { royaltiesRouter, splitTemplatesRouter } from "#server/modules/royalties";
import { adminSubscriptionsRouter, subscriptionsRouter } from "#server/modules/subscriptions";
import { adminTicketsRouter, contactRouter, ticketsRouter } from "#server/modules/support";
import { configRouter, healthRouter } from "#server/modules/system";
import { handleUpload, UPLOADS_PATH, uploadsRouter } from "#server/modules/uploads";
import { AVATAR_UPLOAD_PATH, adminUsersRouter, sessionRouter, settingsRouter } from "#server/modules/users";
import { webhookEndpointsRouter } from "#server/modules/webhooks";
import { workspacesRouter } from "#server/modules/workspaces";

const MAX_JSON_BODY = 1024 * 1024;
/** Catalogue files are posted as the body, from the app and through the API. */
const IMPORT_PATHS = [IMPORT_UPLOAD_PATH, "/api/v1/catalogue-imports"];
/** tus requests: /api/uploads and /api/uploads/<id> (their bodies are file bytes, with their own limits). */
const isTusPath = (path: string) => path === UPLOADS_PATH || /^\/api\/uploads\/[^/]+$/.test(path);

export function createApi() {
  return createRouter()
    .route("/", healthRouter)
    .route("/", sessionRouter)
    .route("/", configRouter)
    .route("/", contactRouter)
    .route("/", ticketsRouter)
    .route("/", releasesRouter)
    .route("/", uploadsRouter)
    .route("/", webhooksRouter)
    .route("/", dashboardRouter)
    .route("/", subscriptionsRouter)
    .route("/", billingRouter)
    .route("/", settingsRouter)
    .route("/", notificationsRouter)
    .route("/", adminDashboardRouter)
    .route("/", adminUsersRouter)
    .route("/", adminReleasesRouter)
    .route("/", adminDeliveriesRouter)
    .route("/", adminSubscriptionsRouter)
    .route("/", adminPaymentsRouter)
    .route("/", adminTicketsRouter)
    .route("/", reportsRouter)
    .route("/", royaltiesRouter)
    .route("/", payoutsRouter)
    .route("/", splitTemplatesRouter)
    .route("/", analyticsRouter)
    .route("/", provenanceRouter)
    .route("/", workspacesRouter)
    .route("/", artistsRouter)
    .route("/", casesRouter)
    .route("/", adminCasesRouter)
    .route("/", apiKeysRouter)
    .route("/", webhookEndpointsRouter)
    .route("/", catalogueRouter)
    .route("/", v1Router);
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    // The HTTP server (security-headers.ts) numbered the request and already sends the id back.
    const requestId =
      requestIdOf((c.env as { incoming?: IncomingMessage } | undefined)?.incoming) ??
      (c.req.header("x-request-id")?.slice(0, 64) || randomUUID());
    const logger = deps.logger.child({ requestId });
    c.set("deps", deps);
    c.set("logger", logger);
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    // Anything that changes state may change who is signed in or as what: forget cached sessions.
    // That includes the auth library's GET links (e-mail verification and change confirmations).
    const write = c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS";
    if (write || c.req.path.startsWith("/api/auth/")) deps.sessionCache.clear();
    // Read your own writes: this process's next read must not wait for the change's notification.
    if (write) deps.reads.clear();
    if (c.req.path.startsWith("/api/")) {
      logger.info(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  });

  // Errors in the reader's language: the routes refuse in English; this translates what the catalogues know.
  app.use("/api/*", localizeErrors);

  const tooLarge = (c: Context) => c.json(errorBody("PAYLOAD_TOO_LARGE", t("server.bodyTooLarge")), 413);
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY, onError: tooLarge });
  // A 2 MB picture plus its multipart envelope.
  const avatarLimit = bodyLimit({ maxSize: AVATAR_MAX_BYTES + 64 * 1024, onError: tooLarge });
  // An answer to a fraud case with one file of evidence, plus its envelope.
  const caseAnswerLimit = bodyLimit({ maxSize: CASE_FILE_MAX_BYTES + 64 * 1024, onError: tooLarge });
  // A catalogue file (CSV or ERN) is the body itself.
  const importLimit = bodyLimit({
    maxSize: IMPORT_MAX_BYTES,
    onError: (c) => c.json(errorBody("PAYLOAD_TOO_LARGE", IMPORT_MESSAGES.tooLarge), 413),
  });
  app.use("/api/*", (c, next) => {
    // Reads carry no body; checking for one would build a full web Request for nothing.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    // Store reports are streamed to disk with their own size cap.
    if (c.req.path === REPORT_UPLOAD_PATH && c.req.method === "POST") return next();
    if (isTusPath(c.req.path)) return next();
    if (CASE_MESSAGE_PATH.test(c.req.path)) return caseAnswerLimit(c, next);
    if (IMPORT_PATHS.includes(c.req.path)) return importLimit(c, next);
    return c.req.path === AVATAR_UPLOAD_PATH ? avatarLimit(c, next) : jsonLimit(c, next);
  });

  app.use("/api/*", originGuard(deps.trustedOrigins));
  app.use(
    "/api/*",
    refuseNul(
      (path) =>
        path === REPORT_UPLOAD_PATH || path === AVATAR_UPLOAD_PATH || IMPORT_PATHS.includes(path) || isTusPath(path),
    ),
  );

  app.on(["GET", "POST"], "/api/auth/*", handleAuthRequest);
  app.get("/api/account/email-change/cancel", cancelEmailChange);
  app.use("/api/*", accessControl());

  app.on(["GET", "HEAD", "POST", "PATCH", "DELETE", "OPTIONS"], [UPLOADS_PATH, `${UPLOADS_PATH}/:id`], handleUpload);

  const api = createApi();
  // The versioned API (issue 38) takes an API key as a bearer token.
  api.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "An API key from Settings → Developers (kal_live_…)",
  });
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Kalrav", version: "1.0.0", description: "Music distribution for independent artists and labels." },
  });
  // The reference (issue 38) is the web app's page at /docs/api: interactive, with tested examples.
  api.get("/docs", (c) => c.redirect("/docs/api", 302));
  app.route("/api", api);

  if (deps.benchRoutes) {
    // Baselines for `npm run bench`: the HTTP limit and the database limit on this machine.
    app.get("/api/_bench/static", (c) => c.json({ ok: true }));
    app.get("/api/_bench/db", async (c) => {
      const [row] = await deps.database.db.select().from(roles).where(eq(roles.id, 1));
      return c.json({ role: row ?? null });
    });
  }

  app.all("/api/*", (c) => c.json(errorBody("NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}.`), 404));

  // Releases' public pages (smart links), rendered by the server so link previews can read them.
  app.route(
    "/",
    publicReleasePages(() => ({
      db: deps.database.db,
      stores: deps.delivery.stores,
      publicUrl: deps.publicUrl,
      media: deps.media,
      visitorOf: (c) =>
        deps.payoutEncryptor.digest(`visitor:${clientIp(c, deps.trustProxy)}|${c.req.header("user-agent") ?? ""}`),
    })),
  );

  app.route(
    "/",
    provenancePages(() => ({ db: deps.database.db, signer: deps.provenance, publicUrl: deps.publicUrl })),
  );

  if (deps.webRoot) mountWeb(app, deps.webRoot, deps.publicUrl, deps.delivery.stores.length);

  app.notFound((c) => c.json(errorBody("NOT_FOUND", t("server.notFound")), 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
