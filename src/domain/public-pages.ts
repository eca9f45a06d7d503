import { DEFAULT_LOCALE, LOCALE_QUERY, LOCALES, type Locale, type MessageId, translate } from "./i18n";
import { MESSAGES } from "./messages";

/**
 * The public pages: their address, <title> and description in one table. The pages set them in the
 * browser, the build prerenders each with its Open Graph and Twitter tags, the sitemap lists them,
 * and the server answers 404 for any path that is neither one of them nor inside the app.
 */
export interface PublicPageMeta {
  /** The page's own title; the document title adds " | Kalrav" (see documentTitle). */
  title: string;
  description: string;
  /** The file the build writes the prerendered page to (dist/web/pages/<file>). */
  file: string;
}

export const PUBLIC_PAGES = {
  "/": {
    title: "Kalrav",
    description:
      "Distribute your music to Spotify, Apple Music, JioSaavn and more, and keep up to 85% of your royalties.",
    file: "home.html",
  },
  "/features": {
    title: "Features",
    description:
      "Distribution to the major stores, automated quality checks, analytics, royalties and promotion on request.",
    file: "features.html",
  },
  "/pricing": {
    title: "Pricing",
    description: "Yearly plans in INR from ₹299: Introductory Offer, Basic Artist, Pro Artist and Label Plan.",
    file: "pricing.html",
  },
  "/artist-services": {
    title: "Artist Services",
    description: "Recording, production, mixing, mastering, videos, artwork and promotion for independent artists.",
    file: "artist-services.html",
  },
  "/production": {
    title: "Production",
    description: "Music production services: beats, songwriting, recording, mixing, mastering and sound design.",
    file: "production.html",
  },
  "/contact": {
    title: "Contact Us",
    description: "Write to the Kalrav team about distribution, labels, production or anything else.",
    file: "contact.html",
  },
  "/support-page": {
    title: "Support",
    description: "Answers to common questions about distribution, royalties and payouts, and help from our team.",
    file: "support.html",
  },
  "/docs/api": {
    title: "API reference",
    description:
      "Kalrav's versioned API for labels: releases, uploads, store checks, catalogue import, analytics, royalties and signed webhooks.",
    file: "api-reference.html",
  },
  "/login": { title: "Sign In", description: "Sign in to your Kalrav account.", file: "login.html" },
  "/register": {
    title: "Create Account",
    description: "Create your Kalrav artist account and start distributing your music.",
    file: "register.html",
  },
} as const satisfies Record<string, PublicPageMeta>;

export type PublicPagePath = keyof typeof PUBLIC_PAGES;

/** The public pages a visitor (and a search engine) may visit: the sitemap lists them. */
export const PUBLIC_PAGE_PATHS = Object.keys(PUBLIC_PAGES) as PublicPagePath[];

/** The page every unknown address answers with, status 404. */
export const NOT_FOUND_PAGE: PublicPageMeta = {
  title: MESSAGES.notFound.title,
  description: "The page you are looking for does not exist or has moved.",
  file: "not-found.html",
};

/**
 * The public pages whose every text is in the catalogues (issue 39): the others show their body in
 * English, marked so, inside the translated header and footer.
 */
export const TRANSLATED_PAGES: readonly string[] = [
  "/",
  "/login",
  "/register",
  "/pricing",
  "/features",
  "/contact",
  "/support-page",
  "/artist-services",
  "/production",
  "/docs/api",
];

/** Catalogue keys of the translated pages' titles and descriptions. */
const META_KEYS: Partial<Record<PublicPagePath, { title?: MessageId; description: MessageId }>> = {
  "/": { description: "page.home.description" },
  "/login": { title: "page.login.title", description: "page.login.description" },
  "/register": { title: "page.register.title", description: "page.register.description" },
  "/pricing": { title: "page.pricing.title", description: "page.pricing.description" },
  "/features": { title: "page.features.title", description: "page.features.description" },
  "/contact": { title: "page.contact.title", description: "page.contact.description" },
  "/support-page": { title: "page.support.title", description: "page.support.description" },
  "/artist-services": { title: "page.services.title", description: "page.services.description" },
  "/production": { title: "page.production.title", description: "page.production.description" },
  "/docs/api": { title: "page.api.title", description: "page.api.description" },
};

/** A public page's title and description in a language (English where the page is not translated). */
export function localizedMeta(path: string, meta: PublicPageMeta, locale: Locale): PublicPageMeta {
  const keys = META_KEYS[path as PublicPagePath];
  if (!keys) return meta;
  return {
    ...meta,
    title: keys.title ? translate(locale, keys.title) : meta.title,
    description: translate(locale, keys.description),
  };
}

/** Pages the app serves that are not in the sitemap (no index): account recovery. */
export const UNLISTED_APP_PATHS = ["/forgot-password", "/reset-password"] as const;
/** The signed-in areas: the app answers their paths itself (and its own "not found" inside). */
export const APP_AREA_PREFIXES = ["/app", "/admin"] as const;

/** The image apps show when a public page is shared (1200×630, in the built web root). */
export const SHARE_IMAGE_PATH = "/og-image.png";

export function documentTitle(title: string): string {
  return title === "Kalrav" ? title : `${title} | Kalrav`;
}

/** True when the app has a page at this path (so the server answers 200, not 404). */
export function isAppPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (p in PUBLIC_PAGES) return true;
  if ((UNLISTED_APP_PATHS as readonly string[]).includes(p)) return true;
  return APP_AREA_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The <head> tags of a prerendered page: title, description, canonical link, Open Graph and Twitter
 * card. `base` is the public address the site is reached at (no trailing slash).
 */
export function pageHeadTags(
  meta: PublicPageMeta,
  path: string | null,
  base: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const title = escapeHtml(documentTitle(meta.title));
  const description = escapeHtml(meta.description);
  const image = `${base}${SHARE_IMAGE_PATH}`;
  // English is the page's plain address; each language also has its own (hreflang), by `?lang=`.
  const inLocale = (l: Locale) => `${base}${path}?${LOCALE_QUERY}=${l}`;
  const url = path === null ? null : locale === DEFAULT_LOCALE ? `${base}${path}` : inLocale(locale);
  const alternates =
    path === null
      ? []
      : [
          ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${inLocale(l)}" />`),
          `<link rel="alternate" hreflang="x-default" href="${base}${path}" />`,
        ];
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    ...(url ? [`<link rel="canonical" href="${url}" />`, `<meta property="og:url" content="${url}" />`] : []),
    ...alternates,
    `<meta property="og:locale" content="${locale === "hi" ? "hi_IN" : "en_IN"}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Kalrav" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="Kalrav — music distribution, India first" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    ...(url ? [] : [`<meta name="robots" content="noindex" />`]),
  ].join("\n    ");
}
