import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Context } from "hono";
import {
  acceptedLanguages,
  installMessageCompiler,
  isLocale,
  LOCALE_QUERY,
  type Locale,
  loadEverything,
  localeFromCookies,
  negotiateLocale,
} from "#domain/i18n";

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
