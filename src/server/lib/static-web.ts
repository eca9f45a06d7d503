import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import { STORE_COUNT_TOKEN } from "#domain/claims";
import { isLocale, LOCALE_QUERY, LOCALES, type Locale, localeCookie } from "#domain/i18n/locales";
import { isAppPath, NOT_FOUND_PAGE, PUBLIC_PAGES } from "#domain/public-pages";
import { robotsTxt, sitemapXml } from "#domain/urls";
import type { AppEnv } from "#server/context";
import { requestLocale } from "#server/lib/i18n";

type Encoding = "br" | "gzip" | "identity";
type Page = Record<Encoding, Buffer>;

/**
 * A page with what is known only when the server starts filled in (the public address, the number of
 * stores we deliver to), compressed once then.
 */
function loadFilledPage(file: string, fill: { base: string; storeCount: number }): Page {
  const identity = Buffer.from(
    fs
      .readFileSync(file, "utf8")
      .replaceAll("%PUBLIC_URL%", fill.base)
      .replaceAll(STORE_COUNT_TOKEN, String(fill.storeCount)),
  );
  return { br: zlib.brotliCompressSync(identity), gzip: zlib.gzipSync(identity), identity };
}

/** Each page in every language we speak. */
type Pages = Record<Locale, Page>;

/**
 * Sends the page in the visitor's language (issue 39): `?lang=` (which the visitor's browser then
 * keeps, as a cookie), else the cookie, else Accept-Language, else English.
 */
/** The shell with another <html lang>. */
function relang(page: Page, locale: Locale): Page {
  const identity = Buffer.from(page.identity.toString("utf8").replace('<html lang="en"', `<html lang="${locale}"`));
  return { br: zlib.brotliCompressSync(identity), gzip: zlib.gzipSync(identity), identity };
}

function sendPage(c: Context<AppEnv>, pages: Pages, status: 200 | 404 = 200) {
  const asked = c.req.query(LOCALE_QUERY);
  const locale = requestLocale(c);
  if (isLocale(asked)) c.header("Set-Cookie", localeCookie(asked));
  const page = pages[locale];
  const accepted = c.req.header("accept-encoding") ?? "";
  const encoding: Encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
  const body = page[encoding];
  c.header("Cache-Control", "no-cache");
  c.header("Vary", "Accept-Encoding, Accept-Language, Cookie");
  if (encoding !== "identity" && body !== page.identity) c.header("Content-Encoding", encoding);
  c.header("Content-Type", "text/html; charset=UTF-8");
  return c.body(new Uint8Array(body), status);
}

/**
 * Serves the built SPA: hashed assets cached for a year and sent precompressed; each public page
 * prerendered (pages/, when the build made them) with its own head tags at the public address; the
 * app's other pages the shell (index.html); any other address 404 with the "not found" page.
 */
export function mountWeb(app: Hono<AppEnv>, webRoot: string, publicUrl: string, storeCount: number) {
  const indexFile = path.join(webRoot, "index.html");
  if (!fs.existsSync(indexFile))
    throw new Error(`The web app is not built: ${indexFile} is missing. Run npm run build.`);
  const fill = { base: publicUrl.replace(/\/+$/, ""), storeCount };
  const shell = loadFilledPage(indexFile, fill);
  // The app's own pages: the same shell, its <html lang> saying which language to start in.
  const indexPage = Object.fromEntries(
    LOCALES.map((locale) => [locale, locale === "en" ? shell : relang(shell, locale)]),
  ) as Pages;
  const pagesDir = path.join(webRoot, "pages");
  const prerendered = (file: string): Pages =>
    Object.fromEntries(
      LOCALES.map((locale) => {
        const built = path.join(pagesDir, ...(locale === "en" ? [] : [locale]), file);
        return [locale, fs.existsSync(built) ? loadFilledPage(built, fill) : indexPage[locale]];
      }),
    ) as Pages;
  const root = path.relative(process.cwd(), webRoot) || ".";

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  for (const [pagePath, meta] of Object.entries(PUBLIC_PAGES)) {
    const page = prerendered(meta.file);
    app.get(pagePath, (c) => sendPage(c, page));
  }
  const notFoundPage = prerendered(NOT_FOUND_PAGE.file);
  // Real robots.txt and sitemap.xml (not the SPA's index page), at the address people use.
  app.get("/robots.txt", (c) => c.text(robotsTxt(fill.base)));
  app.get("/sitemap.xml", (c) => {
    c.header("Content-Type", "application/xml; charset=UTF-8");
    return c.body(sitemapXml(fill.base));
  });
  // The prerendered files are templates (no public address yet): only their routes above serve them.
  app.use("/pages/*", async (c) => sendPage(c, notFoundPage, 404));
  app.use("/*", serveStatic({ root, precompressed: true }));
  app.get("*", (c) => (isAppPath(c.req.path) ? sendPage(c, indexPage) : sendPage(c, notFoundPage, 404)));
}
