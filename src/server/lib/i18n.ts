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
  type MessageValues,
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
  /** Each capture's value: its name, and whether it is a count (`#`, "1,200" read back as 1200). */
  captures: { name: string; count: boolean }[];
  /** Values one branch of a plural or choice implies ("one {a row}": count 1; "a {…}": x is "a"). */
  implied: MessageValues;
}
/** One way an ICU message can read: text and captures, in order, and the values its branches imply. */
interface Variant {
  parts: (string | { name: string; count: boolean })[];
  implied: MessageValues;
}
type Compiled = ReturnType<typeof compileMessage>;
/** Too many ways to read a message (plurals inside plurals): not worth recognising. */
const MAX_VARIANTS = 32;

/**
 * Every way a compiled ICU message can read: a plural or choice branches, `#` is the count. A branch
 * with no `#` implies its count ("one": 1, "=0": 0, "other": 2), so the answer picks the same branch.
 */
function variants(compiled: Compiled, count?: string): Variant[] {
  let out: Variant[] = [{ parts: [], implied: {} }];
  for (const token of compiled) {
    if (typeof token === "string") {
      const pieces = token.split("#");
      const tokens: Variant["parts"] = [];
      pieces.forEach((piece, i) => {
        if (i > 0) tokens.push(count ? { name: count, count: true } : "#");
        if (piece) tokens.push(piece);
      });
      out = out.map((v) => ({ ...v, parts: [...v.parts, ...tokens] }));
      continue;
    }
    const [name, kind, options] = token as [string, string?, Record<string, Compiled>?];
    if (!kind || !options) {
      out = out.map((v) => ({ ...v, parts: [...v.parts, { name, count: false }] }));
      continue;
    }
    const plural = kind === "plural" || kind === "selectordinal";
    const next: Variant[] = [];
    for (const [branch, raw] of Object.entries(options)) {
      // A branch compiles to a list, or to its text when it is only text; an `offset` has none.
      const body: Compiled | null = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : null;
      if (!body) continue;
      const hasCount = JSON.stringify(body).includes("#");
      const implied: MessageValues = plural
        ? hasCount
          ? {}
          : { [name]: /^\d+$/.test(branch) ? Number(branch) : branch === "one" ? 1 : 2 }
        : { [name]: branch };
      for (const inner of variants(body, plural ? name : count))
        for (const v of out)
          next.push({ parts: [...v.parts, ...inner.parts], implied: { ...v.implied, ...implied, ...inner.implied } });
    }
    out = next;
    if (out.length > MAX_VARIANTS) return [];
  }
  return out;
}
let known: { exact: Map<string, MessageId>; patterns: KnownMessage[] } | null = null;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every English message the catalogues hold, to recognise one in an error the server answers with:
 * as is, or with values in its `{placeholders}`, each branch of a plural or choice as a pattern.
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
        continue;
      }
      for (const { parts, implied } of variants(compileMessage(text))) {
        // A message of values and punctuation ("{label}: {amount}") would take anything for itself.
        if (!/\p{L}{3,}/u.test(parts.filter((p) => typeof p === "string").join(" "))) continue;
        const captures = parts.filter((p) => typeof p !== "string");
        const source = parts
          .map((p) => (typeof p === "string" ? escapeRegExp(p) : p.count ? "(-?[\\d,]+(?:\\.\\d+)?)" : "(.+?)"))
          .join("");
        patterns.push({ key: key as MessageId, pattern: new RegExp(`^${source}$`, "s"), captures, implied });
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
  for (const { key: id, pattern, captures, implied } of patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: MessageValues = { ...implied };
    captures.forEach(({ name, count }, i) => {
      const text = match[i + 1] ?? "";
      values[name] = count ? Number(text.replaceAll(",", "")) : text;
    });
    return translate(locale, id, values);
  }
  return message;
}

/**
 * Answers an error (`{ error: { message, details } }`) in the language of the request, after the route
 * ran; and the `message` a change answers with ("Invites go to 2 collaborators…"). Reads (GET) are
 * left alone: their bodies can be large and carry no message of ours.
 */
export const localizeErrors: MiddlewareHandler = async (c, next) => {
  await next();
  const failed = c.res.status >= 400;
  if (!failed && c.req.method === "GET") return;
  if (!c.res.headers.get("content-type")?.includes("application/json")) return;
  const locale = requestLocale(c);
  if (locale === DEFAULT_LOCALE) return;
  type Said = { message?: unknown };
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as (Said & { error?: Said & { details?: unknown } }) | null;
  // What carries our words: a refusal and its details, or a change's own message.
  const error = failed ? body?.error : body;
  if (!body || !error || typeof error.message !== "string") return;
  const details = failed && Array.isArray(body.error?.details) ? (body.error.details as Said[]) : [];
  for (const holder of [error, ...details])
    if (holder && typeof holder.message === "string") holder.message = await localizeMessage(locale, holder.message);
  const headers = new Headers(c.res.headers);
  headers.delete("content-length");
  c.res = new Response(JSON.stringify(body), { status: c.res.status, headers });
};
