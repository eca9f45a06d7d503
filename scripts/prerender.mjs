// Writes dist/web/pages/<page>.html: the SPA shell with each public page's markup already in #root
// and its own <head> tags (title, description, canonical, Open Graph, Twitter), so every public page
// paints before any script runs and shares with a preview; the app then hydrates it. The public
// address is not known at build time: the server puts it in place of %PUBLIC_URL% when it starts.
// Also writes the "not found" page every unknown address answers with (status 404). Each page is
// written in every language (issue 39): English in pages/, the others in pages/<locale>/, each with
// its <html lang> and the hreflang links to the others.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const web = path.resolve("dist/web");
const { renderPage, PUBLIC_PAGES, NOT_FOUND_PAGE, pageHeadTags, localizedMeta, LOCALES } = await import(
  pathToFileURL(path.resolve("dist/prerender/prerender.js")).href
);
const shell = fs.readFileSync(path.join(web, "index.html"), "utf8");
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error(`dist/web/index.html has no ${marker}`);
// The shell's generic title and description give way to the page's own.
const genericHead = /\s*<meta name="description"[^>]*>|\s*<title>[^<]*<\/title>/g;
const bareShell = shell.replace(genericHead, "");
if (bareShell.includes("<title>")) throw new Error("dist/web/index.html: could not remove its <title>");

if (!bareShell.includes('<html lang="en"')) throw new Error('dist/web/index.html has no <html lang="en"');
const write = async (pagePath, meta, headPath, locale) => {
  const outDir = locale === "en" ? path.join(web, "pages") : path.join(web, "pages", locale);
  fs.mkdirSync(outDir, { recursive: true });
  const body = await renderPage(pagePath, locale);
  const shown = localizedMeta(pagePath, meta, locale);
  const html = bareShell
    .replace('<html lang="en"', `<html lang="${locale}"`)
    .replace("</head>", `    ${pageHeadTags(shown, headPath, "%PUBLIC_URL%", locale)}\n  </head>`)
    .replace(marker, `<div id="root">${body}</div>`);
  fs.writeFileSync(path.join(outDir, meta.file), html);
  return html.length;
};
let bytes = 0;
for (const locale of LOCALES) {
  for (const [pagePath, meta] of Object.entries(PUBLIC_PAGES)) bytes += await write(pagePath, meta, pagePath, locale);
  bytes += await write("/kalrav-page-not-found", NOT_FOUND_PAGE, null, locale);
}
fs.rmSync(path.resolve("dist/prerender"), { recursive: true, force: true });
const count = (Object.keys(PUBLIC_PAGES).length + 1) * LOCALES.length;
console.log(`dist/web/pages: ${count} public pages prerendered (${(bytes / 1024).toFixed(1)} KB)`);
