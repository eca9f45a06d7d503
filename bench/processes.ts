// Issue 36: the same reads through one server process and through two, behind a small round-robin
// proxy of the bench's own (each client connection goes to the next process, as a load balancer's
// least-effort policy does), on one PostgreSQL.
import { type ChildProcess, spawn } from "node:child_process";
import { startTcpProxy } from "#server/test/tcp-proxy";
import serverNodeFlags from "../scripts/server-node-flags.json";

/**
 * The built server's command line, as `npm start` runs it: Node's flags for the server (decision 052: a
 * young generation large enough that an upload's chunks die young), then the entry.
 */
export const SERVER_ARGS: readonly string[] = [...serverNodeFlags, "dist/server/main.js"];

/** A TCP proxy handing each new connection to the next of `ports`, in turn. */
export function startRoundRobinProxy(ports: readonly number[]) {
  let next = 0;
  return startTcpProxy(() => ({ host: "127.0.0.1", port: ports[next++ % ports.length] as number }));
}

/** Another production server process on the same database and data folder, answering once it runs. */
export async function startExtraServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => d.toString().includes("Kalrav is running") && resolve());
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}
