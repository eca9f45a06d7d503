import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "./context";

/** Serves the built SPA: hashed assets cached for a year, every other path gets index.html. */
export function mountWeb(app: Hono<AppEnv>, webRoot: string) {
  const indexFile = path.join(webRoot, "index.html");
  if (!fs.existsSync(indexFile))
    throw new Error(`The web app is not built: ${indexFile} is missing. Run npm run build.`);
  const indexHtml = fs.readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), webRoot) || ".";

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/*", serveStatic({ root }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
