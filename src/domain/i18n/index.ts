/**
 * The message catalogues (issue 39, decision 042): every text a person reads comes from here, in
 * English and Hindi, through Lingui with ICU messages ("{count, plural, one {# second} other {#
 * seconds}}"). The catalogues are JSON under ./catalogues/<locale>/, one per part of the product
 * (site, auth, app), with the same keys in each language (a test checks keys and placeholders).
 *
 * English is loaded with this module, so `t()` answers anywhere at once. Hindi loads on demand
 * (`loadLocale`), so the English pages carry none of it. The web's build compiles the ICU messages
 * ahead of time (vite-plugin-catalogues.ts); the server and tests compile them as they load
 * (`installMessageCompiler`), which needs a parser the browser does not download.
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import enSite from "./catalogues/en/site.json" with { type: "json" };
import { DEFAULT_LOCALE, INTL_LOCALES, isLocale, LOCALES, type Locale } from "./locales";

export * from "./locales";

/**
 * The catalogues, one per part of the product: what visitors read (site: every public page's frame and
 * the landing page; pages: the other public pages; auth: signing in), the signed-in areas
 * (app), the admin area's own (admin), and what only the server writes (documents: e-mails and PDFs).
 */
export const NAMESPACES = ["site", "pages", "auth", "app", "admin", "documents"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Every message's key; English is the source, Hindi has the same keys (a test checks it). */
export type MessageId =
  | keyof typeof enSite
  | keyof typeof import("./catalogues/en/pages.json")
  | keyof typeof import("./catalogues/en/auth.json")
  | keyof typeof import("./catalogues/en/app.json")
  | keyof typeof import("./catalogues/en/admin.json")
  | keyof typeof import("./catalogues/en/documents.json");
export type MessageValues = Record<string, string | number>;

const json = (module: Promise<{ default: Messages }>) => module.then((m) => m.default);
/** Each catalogue's loader; English's site (every public page) comes with this module, the rest on demand. */
const loaders: Record<Locale, Record<Namespace, () => Promise<Messages>>> = {
  en: {
    site: async () => enSite,
    pages: () => json(import("./catalogues/en/pages.json", { with: { type: "json" } })),
    auth: () => json(import("./catalogues/en/auth.json", { with: { type: "json" } })),
    app: () => json(import("./catalogues/en/app.json", { with: { type: "json" } })),
    admin: () => json(import("./catalogues/en/admin.json", { with: { type: "json" } })),
    documents: () => json(import("./catalogues/en/documents.json", { with: { type: "json" } })),
  },
  hi: {
    site: () => json(import("./catalogues/hi/site.json", { with: { type: "json" } })),
    pages: () => json(import("./catalogues/hi/pages.json", { with: { type: "json" } })),
    auth: () => json(import("./catalogues/hi/auth.json", { with: { type: "json" } })),
    app: () => json(import("./catalogues/hi/app.json", { with: { type: "json" } })),
    admin: () => json(import("./catalogues/hi/admin.json", { with: { type: "json" } })),
    documents: () => json(import("./catalogues/hi/documents.json", { with: { type: "json" } })),
  },
};

type Compiler = Parameters<I18n["setMessagesCompiler"]>[0];
let compiler: Compiler | null = null;
/** What each language has loaded, merged. */
const catalogues = new Map<Locale, Messages>([[DEFAULT_LOCALE, enSite]]);
const loadedParts = new Map<Locale, Set<Namespace>>([[DEFAULT_LOCALE, new Set<Namespace>(["site"])]]);
/**
 * The parts the process has asked for: a new language loads these. The browser starts with the site's
 * and adds the others with the pages that need them (sign-in, the signed-in areas).
 */
const wanted = new Set<Namespace>(["site"]);

function instance(locale: Locale, messages: Messages): I18n {
  // A copy: Lingui merges later loads into the object it was given.
  const made = setupI18n({ locale, locales: INTL_LOCALES[locale], messages: { [locale]: { ...messages } } });
  if (compiler) made.setMessagesCompiler(compiler);
  return made;
}

/** The product's active language: the browser's choice; on the server always English (see translate). */
export const i18n: I18n = instance(DEFAULT_LOCALE, enSite);
/** The language last asked for: the active one, or the one a switch under way is loading. */
let target: Locale = DEFAULT_LOCALE;
/** One instance per language for `translate`, so a message for one person never switches the others'. */
const fixed = new Map<Locale, I18n>();

/** Loads the parts of a language wanted so far (each once; Hindi is its own download in the browser). */
export async function loadLocale(locale: Locale, parts: Iterable<Namespace> = wanted): Promise<void> {
  const have = loadedParts.get(locale) ?? new Set<Namespace>();
  loadedParts.set(locale, have);
  const missing = [...parts].filter((part) => !have.has(part));
  if (!missing.length) return;
  const messages = Object.assign({}, ...(await Promise.all(missing.map((part) => loaders[locale][part]()))));
  for (const part of missing) have.add(part);
  catalogues.set(locale, { ...catalogues.get(locale), ...messages });
  i18n.load(locale, { ...messages });
  // A language's fixed instance (translate) is made again with what is now loaded.
  fixed.delete(locale);
}

/** Asks for parts of the catalogues from now on, in the active language too (a page that needs them). */
export async function requireNamespaces(...parts: Namespace[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  // The language being switched to, if a switch is under way (the first page load is one).
  await loadLocale(target, parts);
}

/** Loads every part of every language (the server, and the checks). */
export async function loadEverything(): Promise<void> {
  for (const part of NAMESPACES) wanted.add(part);
  await Promise.all(LOCALES.map((locale) => loadLocale(locale, NAMESPACES)));
}

/** Loads and switches to a language; every `t()` from then on answers in it. */
export async function activateLocale(locale: Locale): Promise<void> {
  target = locale;
  await loadLocale(locale);
  // A later switch that finished first wins.
  if (target === locale) i18n.activate(locale, INTL_LOCALES[locale]);
}

/**
 * The language of the work in hand, when the server writes for one person (their notification, e-mail or
 * PDF): the server installs a reader of its async context (`inLocale`, server/lib/i18n). The browser has
 * none; its language is the active one.
 */
let scopedLocale: () => Locale | undefined = () => undefined;
export function setScopedLocale(read: () => Locale | undefined): void {
  scopedLocale = read;
}

/** The language `t()` answers in: the work in hand's, else the active one. */
export function activeLocale(): Locale {
  return scopedLocale() ?? (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
}

/** A message in the active language. */
export function t(id: MessageId, values?: MessageValues): string {
  const scoped = scopedLocale();
  return scoped ? translate(scoped, id, values) : i18n._(id, values);
}

/** The keys under a prefix: "split.role" → "artist" | "producer" | … */
type KeysUnder<P extends string> = MessageId extends infer M ? (M extends `${P}.${infer K}` ? K : never) : never;

/**
 * Texts named by key under one prefix, read from the catalogues each time a property is read (getters),
 * so a label table keeps answering in the active language: `labelsAt("split.role", SPLIT_ROLES)`. Never
 * spread one (`{ ...labels }` reads every text once and freezes them in one language).
 */
export function labelsAt<const P extends string, const K extends KeysUnder<P>>(
  prefix: P,
  keys: readonly K[],
): Readonly<Record<K, string>> {
  const labels = {} as Record<K, string>;
  for (const key of keys)
    Object.defineProperty(labels, key, { enumerable: true, get: () => t(`${prefix}.${key}` as MessageId) });
  return labels;
}

/** A text kept by its catalogue key and values (a stored finding), read later in the reader's language. */
export type Said = readonly [MessageId, MessageValues?];
export const say = (said: Said): string => t(said[0], said[1]);
/** A text as kept (stored, or as the API sends it): its key was checked when written. */
export type KeptSaid = readonly [string, (MessageValues | null)?];
export const sayKept = (said: KeptSaid): string => t(said[0] as MessageId, said[1] ?? undefined);

/** A message that lists items, one a line, in the active language. */
export function tList(id: MessageId): string[] {
  return t(id).split("\n");
}

/**
 * A message in a given language, whatever is active: for what the server writes for one person (an
 * e-mail, a PDF, an error) while it serves others. The language must have been loaded.
 */
export function translate(locale: Locale, id: MessageId, values?: MessageValues): string {
  const messages = catalogues.get(locale);
  if (!messages) throw new Error(`The ${locale} catalogues are not loaded (call loadLocale first).`);
  let one = fixed.get(locale);
  if (!one) {
    one = instance(locale, messages);
    fixed.set(locale, one);
  }
  return one._(id, values);
}

/** Lets a process without the build's precompiled catalogues (the server, tests) compile ICU messages. */
export function installMessageCompiler(compile: Compiler): void {
  compiler = compile;
  i18n.setMessagesCompiler(compile);
  for (const one of fixed.values()) one.setMessagesCompiler(compile);
}

/** The catalogues as written, per language and part, for the checks that compare them. */
export async function rawCatalogues(): Promise<Record<Locale, Record<Namespace, Messages>>> {
  const read = async (locale: Locale) =>
    Object.fromEntries(
      await Promise.all(NAMESPACES.map(async (part) => [part, await loaders[locale][part]()])),
    ) as Record<Namespace, Messages>;
  return { en: await read("en"), hi: await read("hi") };
}
