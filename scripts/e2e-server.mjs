// Starts the built app on a fresh data folder for the Playwright suite.
import { spawn } from "node:child_process";
import fs from "node:fs";

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error("E2E_DATA_DIR is required");
fs.rmSync(dataDir, { recursive: true, force: true });
const server = spawn("node", ["dist/server/main.js"], { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
