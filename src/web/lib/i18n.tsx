import { I18nProvider, useLingui } from "@lingui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, type ReactNode, useCallback, useEffect } from "react";
import {
  activateLocale,
  activeLocale,
  i18n,
  isLocale,
  type Locale,
  localeCookie,
  localeFromCookies,
  type MessageId,
  type MessageValues,
  negotiateLocale,
} from "#domain/i18n";
import { call, client } from "#web/lib/api-client";
import { type SessionUser, sessionQueryOptions } from "#web/lib/session";

/**
 * The language to start in: the one the server served the page in (its <html lang>, from the
 * visitor's choice or browser), else the visitor's cookie, else the browser's languages.
 */
export function initialLocale(): Locale {
  const served = document.documentElement.lang;
  if (isLocale(served)) return served;
  return localeFromCookies(document.cookie) ?? negotiateLocale(navigator.languages ?? [navigator.language]);
}

/** Switches the whole app's language: catalogues, <html lang>, the visitor's cookie. */
export async function switchLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  document.documentElement.lang = locale;
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party preference cookie, read by the server too.
  document.cookie = localeCookie(locale);
}

/**
 * The catalogues for React: every component under it re-renders in a new language. A signed-in user's
 * own choice (kept with their account) wins over the browser's.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <FollowAccountLanguage />
      <RemountOnSwitch>{children}</RemountOnSwitch>
    </I18nProvider>
  );
}

/**
 * Texts also come from domain getters and Intl formatters that components read without a hook: a new
 * language renders everything afresh (a switch is rare; cached data stays, being outside the tree).
 */
function RemountOnSwitch({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

/** Follows the signed-in user's language once the page has asked who is signed in (it never asks itself). */
function FollowAccountLanguage() {
  const { data: user } = useQuery({ ...sessionQueryOptions, enabled: false });
  const wanted = user?.locale;
  useEffect(() => {
    if (wanted && wanted !== activeLocale()) void switchLocale(wanted);
  }, [wanted]);
  return null;
}

/** `t` for a component: the message in the active language; the component re-renders when it changes. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const { i18n: active } = useLingui();
  return useCallback((id: MessageId, values?: MessageValues) => active._(id, values), [active]);
}

/** The active language, and a way to change it that a signed-in user's account remembers. */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  const { i18n: active } = useLingui();
  const queryClient = useQueryClient();
  const locale = isLocale(active.locale) ? active.locale : "en";
  const setLocale = useCallback(
    async (next: Locale) => {
      const user = queryClient.getQueryData(sessionQueryOptions.queryKey);
      if (user) {
        await call(client.language.$put({ json: { locale: next } }));
        queryClient.setQueryData(sessionQueryOptions.queryKey, (old: SessionUser | null | undefined) =>
          old ? { ...old, locale: next } : old,
        );
      }
      await switchLocale(next);
    },
    [queryClient],
  );
  return { locale, setLocale };
}
