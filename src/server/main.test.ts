import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TestClient } from "#server/test/test-server";

/** The real entry point, as `npm start` runs it, on embedded PGlite in a temporary data folder. */
function startProcess(dataDir: string, port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Kalrav is running") && /(Password|Admin):.*\n/.test(output)) resolve(output);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, ready, exited };
}

describe("the server process", () => {
  const children: ChildProcess[] = [];
  let dataDir = "";
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("prints the first admin once, finishes in-flight requests on SIGTERM, and keeps data across a restart", async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-main-"));
    const port = 4300 + Math.floor(process.pid % 500);
    const first = startProcess(dataDir, port);
    children.push(first.child);
    const banner = await first.ready;
    expect(banner).toContain(`Kalrav is running at http://127.0.0.1:${port}`);
    const password = banner.match(/Password:\s+(\S+)\s+\(generated/)?.[1];
    expect(password).toBeTruthy();
    expect(banner).toContain("First admin: admin@kalrav.local");

    const browser = new TestClient(`http://127.0.0.1:${port}`);
    expect((await browser.signUp("Kept", "kept@example.com", "kept-pass")).status).toBe(200);

    // A sign-in (password hashing takes a while) is in flight when the signal arrives.
    const inFlight = browser.signIn("kept@example.com", "kept-pass");
    await new Promise((r) => setTimeout(r, 20));
    first.child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);

    const second = startProcess(dataDir, port);
    children.push(second.child);
    const secondBanner = await second.ready;
    expect(secondBanner).toContain("Admin: admin@kalrav.local (created earlier");
    expect(secondBanner).not.toContain(password);
    const again = new TestClient(`http://127.0.0.1:${port}`);
    expect((await again.signIn("kept@example.com", "kept-pass")).status).toBe(200);
    expect((await again.signIn("admin@kalrav.local", password as string)).status).toBe(200);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 60_000);
});
