import { randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { AUTH_ERROR_MESSAGES } from "#domain/auth";
import { t, translate } from "#domain/i18n";
import { MESSAGES } from "#domain/messages";
import type { AppEnv } from "#server/context";
import { sessions, usedTotpCodes, users, verifications } from "#server/db/schema";
import { clientIp } from "#server/lib/client-ip";
import { codeForStatus, errorBody } from "#server/lib/errors";
import { requestLocale } from "#server/lib/i18n";
import { CLIENT_IP_HEADER } from "./auth";
import { getSessionUser } from "./guards";
import { accountPasswordMatches } from "./password";
import { userLocale } from "./session-user";
import {
  clearAllSignIns,
  clearSignIn,
  KNOWN_DEVICE_COOKIE,
  knownDeviceOf,
  knownDeviceToken,
  recordSignInFailure,
  type SignInSource,
  signInStanding,
} from "./sign-in-limit";

/**
 * The auth library's endpoints the app uses; every other one (update-user, the admin plugin's
 * set-role, impersonate-user, set-user-password, remove-user, list-sessions, ...) answers 404, so
 * nothing reaches around the rules our own routes enforce (profile validation, the last admin...).
 */
const ALLOWED: readonly [string, RegExp][] = [
  ["POST", /^\/sign-up\/email$/],
  ["POST", /^\/sign-in\/email$/],
  ["POST", /^\/sign-out$/],
  ["GET", /^\/get-session$/],
  ["GET", /^\/ok$/],
  ["POST", /^\/request-password-reset$/],
  ["GET", /^\/reset-password\/[^/]+$/],
  ["POST", /^\/reset-password$/],
  ["POST", /^\/send-verification-email$/],
  ["GET", /^\/verify-email$/],
  ["POST", /^\/change-password$/],
  ["POST", /^\/change-email$/],
  ["POST", /^\/delete-user$/],
  ["POST", /^\/revoke-other-sessions$/],
  ["POST", /^\/two-factor\/(enable|disable|verify-totp|verify-backup-code)$/],
];

/** Seconds a TOTP code stays valid around its step (the library accepts the neighbouring steps). */
const TOTP_VALID_SECONDS = 120;

const fail = (status: 400 | 401 | 404 | 429, code: string, message: string) =>
  new Response(JSON.stringify(errorBody(code, message)), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });

type Json = Record<string, unknown>;

/**
 * Hands /api/auth/* to Better Auth with the client address we trust (for its rate limits), after our
 * own rules: only the endpoints above; a per-account sign-in limit; the current password for changing
 * the e-mail or deleting the account; a TOTP code used once; and one answer to sign-up whether or not
 * the address is taken. Failures are rewritten into the API's one error shape.
 */
export async function handleAuthRequest(c: Context<AppEnv>): Promise<Response> {
  const deps = c.get("deps");
  const { auth, trustProxy } = deps;
  const db = deps.database.db;
  const sub = c.req.path.slice("/api/auth".length);
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  if (!ALLOWED.some(([m, pattern]) => m === method && pattern.test(sub))) {
    return fail(404, "NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}.`);
  }
  const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD";
  // Through Hono's body cache: the NUL guard may have read the body already.
  let raw = hasBody ? await c.req.arrayBuffer() : undefined;
  let body: Json = {};
  if (raw?.byteLength) {
    try {
      const parsed = JSON.parse(new TextDecoder().decode(raw));
      if (parsed && typeof parsed === "object") body = parsed as Json;
    } catch {
      // The library answers malformed bodies itself.
    }
  }
  const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string) : "");
  // Messages a visitor reads come in their language (the page's cookie, else the browser's).
  const locale = requestLocale(c);
  // A new account starts in the language the visitor registered in, unless they named one (the auth
  // library refuses a language we do not speak).
  if (sub === "/sign-up/email" && raw?.byteLength && body.locale === undefined) {
    raw = new TextEncoder().encode(JSON.stringify({ ...body, locale })).buffer as ArrayBuffer;
  }

  // Before the library sees the request.
  let failuresOnRecord = false;
  let source: SignInSource | undefined;
  let knownDevice = false;
  if (sub === "/sign-in/email" && text("email")) {
    const device = knownDeviceOf(deps.signInLimit, text("email"), getCookie(c, KNOWN_DEVICE_COOKIE));
    knownDevice = device !== null;
    source = device ? { device } : { address: clientIp(c, trustProxy) };
    const { pause, slowdownMs } = await signInStanding(db, text("email"), source);
    if (pause) return fail(429, "ACCOUNT_LOCKED", translate(locale, "accountLocked", { seconds: pause }));
    failuresOnRecord = pause !== null;
    if (slowdownMs) await new Promise((resolve) => setTimeout(resolve, slowdownMs));
  }
  if (sub === "/delete-user" && !text("password")) return fail(400, "PASSWORD_REQUIRED", MESSAGES.passwordRequired);
  let changingFrom: { id: string; email: string; name: string } | undefined;
  if (sub === "/change-email") {
    const user = await getSessionUser(c);
    if (!user) return fail(401, "UNAUTHORIZED", t("server.signIn"));
    if (!text("password")) return fail(400, "PASSWORD_REQUIRED", MESSAGES.passwordRequired);
    if (!(await passwordMatches(c, user.id, text("password")))) {
      return fail(400, "INVALID_PASSWORD", MESSAGES.wrongPassword);
    }
    changingFrom = user;
  }
  if (sub === "/verify-email" && (await emailChangeCancelled(c, c.req.query("token") ?? ""))) {
    return fail(400, "EMAIL_CHANGE_CANCELLED", MESSAGES.emailChangeCancelled);
  }
  const resetFor = sub === "/reset-password" ? await resetTokenEmail(c, text("token")) : undefined;

  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy));
  const request = new Request(c.req.raw.url, { method: c.req.method, headers, body: raw });
  const response = await auth.handler(request);

  // After it answered.
  if (source && response.status === 401) {
    await recordSignInFailure(db, text("email"), source, deps.signInLimit);
  }
  if (response.ok) {
    if (source && failuresOnRecord) await clearSignIn(db, text("email"), source);
    if (resetFor) await clearAllSignIns(db, resetFor);
    if (source && !knownDevice) rememberDevice(c, response, text("email"));
    if (sub === "/sign-up/email") return sameSignUpAnswer(response, text("name"), text("email"));
    if (sub === "/two-factor/verify-totp") {
      const replay = await refuseReusedTotp(c, response, text("code"));
      if (replay) return replay;
    }
    if (changingFrom) await tellOldAddress(c, changingFrom, text("newEmail"));
  }
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;

  const original = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const ours = AUTH_ERROR_MESSAGES[original.code ?? ""];
  const message =
    response.status === 429
      ? translate(locale, "rateLimited")
      : ours
        ? translate(locale, ours)
        : (original.message ?? codeForStatus(response.status));
  const outHeaders = new Headers(response.headers);
  outHeaders.delete("content-length");
  return new Response(JSON.stringify(errorBody(original.code ?? codeForStatus(response.status), message)), {
    status: response.status,
    headers: outHeaders,
  });
}

/**
 * Sign-up answers byte for byte the same for a new and a registered address (the library's answer
 * for a taken address lacks fields a new account has): only what the request itself said comes back.
 */
function sameSignUpAnswer(response: Response, name: string, email: string): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("set-cookie");
  const user = { name: name.trim(), email: email.trim().toLowerCase(), emailVerified: false };
  return new Response(JSON.stringify({ token: null, user }), { status: 200, headers });
}

function passwordMatches(c: Context<AppEnv>, userId: string, password: string): Promise<boolean> {
  return accountPasswordMatches(c.get("deps").database.db, userId, password);
}

/** The address a password-reset token belongs to, so a reset also lifts the account's sign-in pause. */
async function resetTokenEmail(c: Context<AppEnv>, token: string): Promise<string | undefined> {
  if (!token) return undefined;
  const db = c.get("deps").database.db;
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `reset-password:${token}`));
  return row?.email;
}

/**
 * A TOTP code completes at most one sign-in: a second use within its validity is refused, and the
 * session the library just opened for it is removed again.
 */
async function refuseReusedTotp(c: Context<AppEnv>, response: Response, code: string): Promise<Response | null> {
  const data = (await response
    .clone()
    .json()
    .catch(() => null)) as { token?: string; user?: { id?: string } } | null;
  const userId = data?.user?.id;
  // Only sign-ins count: the code that confirms enrolment may open the next sign-in in the same step.
  const signingIn = /(^|;\s*)(__Secure-)?better-auth\.two_factor=/.test(c.req.header("cookie") ?? "");
  if (!userId || !code || !signingIn) return null;
  const db = c.get("deps").database.db;
  const result = await db.execute(sql`
    insert into used_totp_codes as u (user_id, code, used_at) values (${userId}, ${code}, now())
    on conflict (user_id, code) do update set used_at = now()
      where u.used_at < now() - make_interval(secs => ${TOTP_VALID_SECONDS})
    returning 1`);
  await db.delete(usedTotpCodes).where(sql`${usedTotpCodes.usedAt} < now() - interval '1 day'`);
  if ((result as unknown as { rows: unknown[] }).rows.length) return null;
  // The session the library just opened for the replayed code must not survive.
  if (data?.token) await db.delete(sessions).where(eq(sessions.token, data.token));
  return fail(401, "TOTP_REUSED", MESSAGES.totpReused);
}

/**
 * The current address is told of a requested change, with a link that cancels it; the new address
 * gets the library's confirmation link, which stops working once cancelled.
 */
async function tellOldAddress(c: Context<AppEnv>, user: { id: string; email: string; name: string }, to: string) {
  const { database, mailer, publicUrl } = c.get("deps");
  const token = randomBytes(24).toString("base64url");
  await database.db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `email-change-cancel:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  const locale = userLocale(user);
  await mailer.send({
    to: user.email,
    subject: translate(locale, "email.change.subject"),
    text: translate(locale, "email.change.body", {
      name: user.name,
      from: user.email,
      to: to.trim().toLowerCase(),
      url: `${publicUrl}/api/account/email-change/cancel?token=${token}`,
    }),
  });
}

/** True when the link confirms an e-mail change that its account cancelled after the link was made. */
async function emailChangeCancelled(c: Context<AppEnv>, token: string): Promise<boolean> {
  const payload = jwtPayload(token);
  if (!payload?.updateTo || typeof payload.userId !== "string") return false;
  const issuedAt = typeof payload.iat === "number" ? new Date(payload.iat * 1000 - 1000) : new Date(0);
  const [cancelled] = await c
    .get("deps")
    .database.db.select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, `email-change-cancelled:${payload.userId}`),
        gt(verifications.createdAt, issuedAt),
      ),
    )
    .limit(1);
  return Boolean(cancelled);
}

/** The claims of a JWT, unverified: used only to refuse more, never to grant anything. */
function jwtPayload(token: string): Json | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Json;
  } catch {
    return null;
  }
}

/** GET /api/account/email-change/cancel: the link mailed to the current address. */
export async function cancelEmailChange(c: Context<AppEnv>): Promise<Response> {
  const db = c.get("deps").database.db;
  const token = c.req.query("token") ?? "";
  const page = (title: string, text: string, status: 200 | 400) =>
    c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title} · Kalrav</title></head><body style="font-family:system-ui;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${text}</p><p><a href="/login">Sign in to Kalrav</a></p></body></html>`,
      status,
    );
  const [row] = token
    ? await db
        .select()
        .from(verifications)
        .where(
          and(eq(verifications.identifier, `email-change-cancel:${token}`), gt(verifications.expiresAt, new Date())),
        )
    : [];
  if (!row) return page("Link not valid", "This link has expired or was already used.", 400);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.id, row.id));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: `email-change-cancelled:${row.value}`,
      value: "cancelled",
      expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
    });
  });
  return page(
    "E-mail change cancelled",
    "Your account keeps its current e-mail address. If you did not ask for the change, change your password now.",
    200,
  );
}

/**
 * Marks this browser as one that signed in to the account: its later attempts count on their own, so
 * guesses from elsewhere never pause the owner (issue 33). Signed, bound to the account, httpOnly.
 */
function rememberDevice(c: Context<AppEnv>, response: Response, email: string) {
  const limit = c.get("deps").signInLimit;
  const secure = new URL(c.get("deps").publicUrl).protocol === "https:";
  response.headers.append(
    "set-cookie",
    `${KNOWN_DEVICE_COOKIE}=${knownDeviceToken(limit, email)}; Path=/api/auth; Max-Age=${400 * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
}
