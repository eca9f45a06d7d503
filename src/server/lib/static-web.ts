import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import { robotsTxt, sitemapXml } from "#domain/urls";
import type { AppEnv } from "#server/context";

type Encoding = "br" | "gzip" | "identity";

/** A page's bytes as built, with the compressed copies scripts/compress-web.mjs made beside it. */
function loadPage(file: string): Record<Encoding, Buffer> {
  const identity = fs.readFileSync(file);
  const read = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : identity);
  return { br: read(".br"), gzip: read(".gz"), identity };
}

function sendPage(c: Context<AppEnv>, page: Record<Encoding, Buffer>) {
  const accepted = c.req.header("accept-encoding") ?? "";
  const encoding: Encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
  const body = page[encoding];
  c.header("Cache-Control", "no-cache");
  c.header("Vary", "Accept-Encoding");
  if (encoding !== "identity" && body !== page.identity) c.header("Content-Encoding", encoding);
  c.header("Content-Type", "text/html; charset=UTF-8");
  return c.body(new Uint8Array(body), 200);
}

/**
 * Serves the built SPA: hashed assets cached for a year and sent precompressed, "/" the
 * prerendered landing page (home.html, when the build made one), every other path index.html.
 */
export function mountWeb(app: Hono<AppEnv>, webRoot: string, publicUrl: string) {
  const indexFile = path.join(webRoot, "index.html");
  if (!fs.existsSync(indexFile))
    throw new Error(`The web app is not built: ${indexFile} is missing. Run npm run build.`);
  const indexPage = loadPage(indexFile);
  const homeFile = path.join(webRoot, "home.html");
  const homePage = fs.existsSync(homeFile) ? loadPage(homeFile) : indexPage;
  const root = path.relative(process.cwd(), webRoot) || ".";

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.get("/", (c) => sendPage(c, homePage));
  // Real robots.txt and sitemap.xml (not the SPA's index page), at the address people use.
  const base = publicUrl.replace(/\/+$/, "");
  app.get("/robots.txt", (c) => c.text(robotsTxt(base)));
  app.get("/sitemap.xml", (c) => {
    c.header("Content-Type", "application/xml; charset=UTF-8");
    return c.body(sitemapXml(base));
  });
  app.use("/*", serveStatic({ root, precompressed: true }));
  app.get("*", (c) => sendPage(c, indexPage));
}
