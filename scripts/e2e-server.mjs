// Starts the built app on a fresh data folder for the Playwright suite, and beside it a plain file
// server standing in for the artists' file hosts (the app may fetch from it: FETCH_ALLOW_HOSTS).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import serverNodeFlags from "./server-node-flags.json" with { type: "json" };

const dataDir = process.env.E2E_DATA_DIR;
const mediaDir = process.env.E2E_MEDIA_DIR;
const mediaPort = Number(process.env.E2E_MEDIA_PORT);
if (!dataDir || !mediaDir || !mediaPort) throw new Error("E2E_DATA_DIR, E2E_MEDIA_DIR and E2E_MEDIA_PORT are required");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(mediaDir, { recursive: true, force: true });
fs.mkdirSync(mediaDir, { recursive: true });

const files = http.createServer((req, res) => {
  const name = path.basename(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
  fs.readFile(path.join(mediaDir, name), (err, body) => {
    if (err) return res.writeHead(404).end();
    res.writeHead(200, { "content-length": body.length }).end(body);
  });
});
files.listen(mediaPort, "127.0.0.1");

const server = spawn("node", [...serverNodeFlags, "dist/server/main.js"], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, FETCH_ALLOW_HOSTS: `127.0.0.1:${mediaPort}` },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  files.close();
  process.exit(code ?? 0);
});
