import net from "node:net";

/**
 * A TCP proxy on a free loopback port: each new connection goes to `target()` (one address, or the
 * next of several in turn). `stop` cuts every connection and refuses new ones, as a restarting server
 * would; `start` takes them again.
 */
export async function startTcpProxy(target: () => { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const { host, port } = target();
    const upstream = net.connect(port, host);
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
    stop() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    start() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
