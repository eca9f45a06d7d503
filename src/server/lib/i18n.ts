import { AsyncLocalStorage } from "node:async_hooks";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Context, MiddlewareHandler } from "hono";
import {
  acceptedLanguages,
  DEFAULT_LOCALE,
  installMessageCompiler,
  isLocale,
  LOCALE_QUERY,
  type Locale,
  loadEverything,
  localeFromCookies,
  type MessageId,
  negotiateLocale,
  rawCatalogues,
  setScopedLocale,
  translate,
} from "#domain/i18n";

/** The language of what the server is writing for one person right now (see inLocale). */
const writingFor = new AsyncLocalStorage<Locale>();
setScopedLocale(() => writingFor.getStore());

/**
 * Readies the catalogues for the server (decision 042): every language loaded, each ICU message
 * compiled the first time it is used. The server writes for many people at once, so it never
 * switches the active language: it asks `translate(locale, …)` for the reader's.
 */
export async function prepareCatalogues(): Promise<void> {
  installMessageCompiler(compileMessage);
  await loadEverything();
}

/**
 * Runs `write` with `t()`, label tables and money formats answering in one reader's language: their
 * notification and its e-mail, their PDF. Everything else the server writes (ledger lines, audit
 * entries) stays in English whoever triggers it (decision 042).
 */
export function inLocale<T>(locale: Locale, write: () => T): T {
  return writingFor.run(locale, write);
}

/**
 * The language to answer a request in when no signed-in user's choice applies: `?lang=`, else the
 * visitor's cookie, else the browser's Accept-Language, else English.
 */
export function requestLocale(c: Context): Locale {
  const asked = c.req.query(LOCALE_QUERY);
  if (isLocale(asked)) return asked;
  return (
    localeFromCookies(c.req.header("cookie")) ?? negotiateLocale(acceptedLanguages(c.req.header("accept-language")))
  );
}

/** An English message's key, or its pattern with the names of the values in it. */
interface KnownMessage {
  key: MessageId;
  pattern: RegExp;
  names: string[];
}
let known: { exact: Map<string, MessageId>; patterns: KnownMessage[] } | null = null;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every English message the catalogues hold, to recognise one in an error the server answers with:
 * as is, or with values in its `{placeholders}` (messages with plurals or choices are left out).
 */
async function knownMessages() {
  if (known) return known;
  const { en } = await rawCatalogues();
  const exact = new Map<string, MessageId>();
  const patterns: KnownMessage[] = [];
  for (const part of Object.values(en))
    for (const [key, text] of Object.entries(part)) {
      if (typeof text !== "string") continue;
      if (!text.includes("{")) {
        if (!exact.has(text)) exact.set(text, key as MessageId);
      } else if (!/\{\w+,/.test(text)) {
        const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
        const source = text
          .split(/\{\w+\}/)
          .map(escapeRegExp)
          .join("(.+?)");
        patterns.push({ key: key as MessageId, pattern: new RegExp(`^${source}$`, "s"), names });
      }
    }
  // The most specific first: the pattern with the most words of its own.
  patterns.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  known = { exact, patterns };
  return known;
}

/**
 * An error message the server wrote in English, in the reader's language when the catalogues know it
 * (decision 042): the server composes its refusals in English, and the answer's edge translates them.
 * A message the catalogues do not hold (a library's, a store's) stays as it was.
 */
export async function localizeMessage(locale: Locale, message: string): Promise<string> {
  if (locale === DEFAULT_LOCALE) return message;
  const { exact, patterns } = await knownMessages();
  const key = exact.get(message);
  if (key) return translate(locale, key);
  for (const { key: id, pattern, names } of patterns) {
    const match = pattern.exec(message);
    if (match) return translate(locale, id, Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ""])));
  }
  return message;
}

/** Answers an error (`{ error: { message, details } }`) in the language of the request, after the route ran. */
export const localizeErrors: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status < 400 || !c.res.headers.get("content-type")?.includes("application/json")) return;
  const locale = requestLocale(c);
  if (locale === DEFAULT_LOCALE) return;
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { error?: { message?: unknown; details?: unknown } } | null;
  const error = body?.error;
  if (!error || typeof error.message !== "string") return;
  error.message = await localizeMessage(locale, error.message);
  if (Array.isArray(error.details))
    for (const detail of error.details as { message?: unknown }[])
      if (detail && typeof detail.message === "string") detail.message = await localizeMessage(locale, detail.message);
  const headers = new Headers(c.res.headers);
  headers.delete("content-length");
  c.res = new Response(JSON.stringify(body), { status: c.res.status, headers });
};
