import { useEffect } from "react";
import { documentTitle, localizedMeta, PUBLIC_PAGES, type PublicPagePath } from "#domain/public-pages";
import { useLocale } from "#web/lib/i18n";

/** Sets the document title and meta description for the page shown. */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
}

/** A public page's title and description, from the one table the prerender also reads. */
export function usePublicPageMeta(path: PublicPagePath) {
  const { locale } = useLocale();
  const meta = localizedMeta(path, PUBLIC_PAGES[path], locale);
  usePageMeta(meta.title, meta.description);
}
