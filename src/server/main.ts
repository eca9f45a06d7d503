import path from "node:path";
import { fileURLToPath } from "node:url";
import { adminCredentialLines } from "#server/auth/first-admin";
import { loadEnv } from "./env";
import { startServer } from "./server";

const here = path.dirname(fileURLToPath(import.meta.url));
// The built server (dist/server/main.js) serves the built SPA beside it; from source (npm run dev) Vite serves it.
const webRoot =
  path.basename(here) === "server" && path.basename(path.dirname(here)) === "dist"
    ? path.resolve(here, "..", "web")
    : undefined;

async function main() {
  const env = loadEnv();
  const server = await startServer(env, { webRoot });
  const lines = [`Kalrav is running at ${env.PUBLIC_URL} (listening on port ${server.port})`];
  lines.push(...adminCredentialLines(server.firstAdmin));
  process.stdout.write(`\n${lines.join("\n")}\n\n`);

  const stop = (signal: string) => {
    process.stdout.write(`${signal} received, finishing requests...\n`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

main().catch((err: unknown) => {
  process.stderr.write(`Kalrav failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
