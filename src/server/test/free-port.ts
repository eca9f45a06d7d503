import net from "node:net";

/** A loopback port free right now: the server's address (Origin, PUBLIC_URL) must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts something on a free port, trying another when the port was taken between the probe and the
 * listen (an `EADDRINUSE` error): by another test worker, or as a client connection's local port (both
 * come from the ephemeral range). `ports` stands in for the probe in the test of this retry.
 */
export async function onFreePort<T>(
  start: (port: number) => Promise<T>,
  ports: () => Promise<number> = freePort,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await ports());
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 5) throw err;
    }
  }
}
