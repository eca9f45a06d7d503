import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "#server/context";
import { mountWeb } from "./static-web";

describe("serving the built web app", () => {
  let dir = "";
  let app: Hono<AppEnv>;
  const homeTemplate =
    '<!doctype html><link rel="canonical" href="%PUBLIC_URL%/"><div id="root"><h1>Prerendered</h1></div>';
  const home = homeTemplate.replace("%PUBLIC_URL%", "https://kalrav.in");
  const pricing = '<!doctype html><link rel="canonical" href="%PUBLIC_URL%/pricing"><h1>Pricing</h1>';
  const notFound = "<!doctype html><h1>Page Not Found</h1>";
  const homeHindi = '<!doctype html><html lang="hi"><div id="root"><h1>अपना म्यूज़िक</h1></div>';
  const shellTemplate = '<!doctype html><html data-store-count="%STORE_COUNT%"><div id="root"></div>';
  const shell = shellTemplate.replace("%STORE_COUNT%", "6");
  const script = "console.log('app');".repeat(50);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kalrav-web-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "index.html"), shellTemplate);
    fs.mkdirSync(path.join(dir, "pages"));
    fs.writeFileSync(path.join(dir, "pages", "home.html"), homeTemplate);
    fs.writeFileSync(path.join(dir, "pages", "pricing.html"), pricing);
    fs.writeFileSync(path.join(dir, "pages", "not-found.html"), notFound);
    fs.mkdirSync(path.join(dir, "pages", "hi"));
    fs.writeFileSync(path.join(dir, "pages", "hi", "home.html"), homeHindi);
    fs.writeFileSync(path.join(dir, "assets", "app-123.js"), script);
    fs.writeFileSync(path.join(dir, "assets", "app-123.js.gz"), zlib.gzipSync(script));
    app = new Hono<AppEnv>();
    mountWeb(app, dir, "https://kalrav.in/", 6);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("serves a real robots.txt and a sitemap of the public pages at the public address", async () => {
    const robots = await app.request("/robots.txt");
    expect(robots.headers.get("content-type")).toContain("text/plain");
    const text = await robots.text();
    expect(text).toContain("Disallow: /app/");
    expect(text).toContain("Disallow: /admin/");
    expect(text).toContain("Sitemap: https://kalrav.in/sitemap.xml");
    const sitemap = await app.request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain("<loc>https://kalrav.in/pricing</loc>");
    expect(xml).toContain("<loc>https://kalrav.in/</loc>");
    expect(xml).not.toContain("/app/");
  });

  it("answers / with the prerendered landing page, compressed as the browser accepts", async () => {
    const br = await app.request("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(home);

    const gzip = await app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(home);

    const plain = await app.request("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-type")).toContain("text/html");
    expect(await plain.text()).toBe(home);
  });

  it("answers each public page with its own prerendered page at the public address", async () => {
    const res = await app.request("/pricing");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(pricing.replace("%PUBLIC_URL%", "https://kalrav.in"));
    // A page the build did not prerender falls back to the shell rather than failing.
    expect(await (await app.request("/contact")).text()).toBe(shell);
  });

  it("answers an unknown address 404 with the not-found page, and never serves the page templates", async () => {
    for (const url of ["/no-such-page", "/pricing/extra", "/pages/home.html", "/wp-login.php"]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("content-type"), url).toContain("text/html");
      expect(await res.text(), url).toBe(notFound);
    }
  });

  it("answers the app's own pages with the shell, also for unknown paths inside the signed-in areas", async () => {
    for (const url of ["/forgot-password", "/reset-password", "/app", "/app/releases/42", "/admin/nothing-here"]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toBe(shell);
    }
  });

  it("answers every other page with the app shell, the store count filled in from the store list", async () => {
    const res = await app.request("/app/dashboard", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(shell);
  });

  it("sends hashed assets precompressed and cacheable for a year", async () => {
    const res = await app.request("/assets/app-123.js", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it("answers a public page in the visitor's language: ?lang=, else their cookie, else their browser (issue 39)", async () => {
    const text = async (res: Response) => res.text();
    // A first visit follows the browser; a search engine (no Accept-Language) reads English.
    expect(await text(await app.request("/", { headers: { "accept-language": "hi-IN,hi;q=0.9" } }))).toBe(homeHindi);
    expect(await text(await app.request("/"))).toBe(home);
    // The address names a language: that one, and the browser keeps it.
    const asked = await app.request("/?lang=hi", { headers: { "accept-language": "en" } });
    expect(await text(asked)).toBe(homeHindi);
    expect(asked.headers.get("set-cookie")).toMatch(/^kalrav_lang=hi; Path=\/; Max-Age=31536000; SameSite=Lax/);
    // The choice kept wins over the browser's language.
    const chosen = await app.request("/", { headers: { cookie: "kalrav_lang=en", "accept-language": "hi" } });
    expect(await text(chosen)).toBe(home);
    expect(chosen.headers.get("set-cookie")).toBeNull();
    // A language we do not speak changes nothing.
    const unknown = await app.request("/?lang=fr");
    expect(await text(unknown)).toBe(home);
    expect(unknown.headers.get("set-cookie")).toBeNull();
    // A page not built in Hindi falls back to the app's shell, which starts in Hindi.
    expect(await text(await app.request("/pricing?lang=hi"))).not.toContain("Prerendered");
  });
});
