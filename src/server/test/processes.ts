// Real server processes on one PostgreSQL server (TEST_DATABASE_URL), for the tests of what several
// processes behind a load balancer must share: sessions, upload locks, jobs, limits.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { onFreePort } from "./free-port";
import { TEST_ENV } from "./test-env";

/**
 * The PostgreSQL server these tests start processes on, and whether they run: once, in the first pass
 * (the PostgreSQL pass would only repeat them).
 */
export const PROCESS_TESTS = {
  adminUrl: TEST_ENV.databaseUrl,
  enabled: Boolean(TEST_ENV.databaseUrl) && !TEST_ENV.onPostgres,
};

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  exited: Promise<number | null>;
}

/** Every process of a test shares the auth secret, as the processes of one deployment do. */
const SECRET = randomBytes(32).toString("hex");
export const PROCESS_ADMIN = { email: "admin@processes.kalrav", password: "processes-admin-password" };

/**
 * Starts `node src/server/main.ts` on the database, answering once it says it is running. `dataDir`
 * shared between processes stands for the disk (or bucket) a deployment's processes share.
 */
export async function startProcess(
  databaseUrl: string,
  opts: { dataDir?: string; env?: Record<string, string>; ports?: () => Promise<number> } = {},
): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-process-")));
  // The server listens before it runs any job, so a start on a port taken meanwhile began nothing.
  return onFreePort((port) => startOn(port, databaseUrl, dataDir, opts.env ?? {}), opts.ports);
}

async function startOn(
  port: number,
  databaseUrl: string,
  dataDir: string,
  extraEnv: Record<string, string>,
): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: SECRET,
      ADMIN_EMAIL: PROCESS_ADMIN.email,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      SIGN_IN_RATE_LIMIT: "1000",
      LOG_LEVEL: TEST_ENV.processLogLevel,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (TEST_ENV.processLogLevel !== "silent") process.stderr.write(chunk);
      if (output.includes("Kalrav is running")) resolve();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => {
      const failed = new Error(`server exited with ${code}: ${output}`);
      // A port taken meanwhile is told apart as the in-process server's listen error is (onFreePort).
      reject(output.includes("EADDRINUSE") ? Object.assign(failed, { code: "EADDRINUSE" }) : failed);
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, url, dataDir, exited };
}

/** A database of its own on the TEST_DATABASE_URL server (migrated by the first process started on it). */
export async function createProcessDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const onAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
