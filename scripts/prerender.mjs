// Writes dist/web/home.html: the SPA shell with the landing page's markup already in #root, so "/"
// paints before any script runs; the app then hydrates it. Run after both vite builds.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const web = path.resolve("dist/web");
const { renderLandingPage } = await import(pathToFileURL(path.resolve("dist/prerender/prerender.js")).href);
const shell = fs.readFileSync(path.join(web, "index.html"), "utf8");
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error(`dist/web/index.html has no ${marker}`);
const html = shell.replace(marker, `<div id="root">${renderLandingPage()}</div>`);
fs.writeFileSync(path.join(web, "home.html"), html);
fs.rmSync(path.resolve("dist/prerender"), { recursive: true, force: true });
console.log(`dist/web/home.html: the landing page prerendered (${(html.length / 1024).toFixed(1)} KB)`);
