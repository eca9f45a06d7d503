// Issue 36: the same reads through one server process and through two, behind a small round-robin
// proxy of the bench's own (each client connection goes to the next process, as a load balancer's
// least-effort policy does), on one PostgreSQL.
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";

/** A TCP proxy handing each new connection to the next of `ports`, in turn. */
export async function startRoundRobinProxy(ports: readonly number[]) {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const port = ports[next++ % ports.length] as number;
    const upstream = net.connect(port, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Another production server process on the same database and data folder, answering once it runs. */
export async function startExtraServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => d.toString().includes("Kalrav is running") && resolve());
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}
