import { createHash, randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { withUncopiedBody } from "./uncopied-body";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A real HTTP server whose requests go to `handle`, with the request as a web `Request` beside it. */
async function serve(handle: (req: Request, incoming: IncomingMessage, res: ServerResponse) => Promise<void> | void) {
  const server = http.createServer((incoming, res) => {
    const req = new Request(`http://localhost${incoming.url}`, {
      method: incoming.method,
      headers: incoming.headers as Record<string, string>,
    });
    Promise.resolve(handle(req, incoming, res)).then(
      () => res.writableEnded || res.end("ok"),
      () => res.writableEnded || res.end("failed"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function readAll(body: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return chunks;
}

describe("a request body read as the socket brought it", () => {
  it("hands over every byte, in the very buffers Node's HTTP parser made (no second copy)", async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 11);
    let result: { same: boolean; hash: string; chunks: number } | undefined;
    const url = await serve(async (req, incoming) => {
      const uncopied = withUncopiedBody(req, { incoming });
      // What Node itself emits, listened to beside the stream.
      const emitted: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => emitted.push(chunk));
      const chunks = await readAll(uncopied.body as ReadableStream<Uint8Array>);
      result = {
        same: chunks.length === emitted.length && chunks.every((chunk, i) => chunk === emitted[i]),
        hash: sha256(Buffer.concat(chunks)),
        chunks: chunks.length,
      };
    });
    const res = await fetch(url, { method: "PATCH", body: bytes });
    expect(await res.text()).toBe("ok");
    expect(result?.hash).toBe(sha256(bytes));
    expect(result?.chunks).toBeGreaterThan(1);
    expect(result?.same).toBe(true);
  });

  it("stops reading the socket while the reader is behind, and goes on when it reads", async () => {
    const bytes = randomBytes(32 * 1024 * 1024);
    let paused: { readBeforeReading: number; paused: boolean } | undefined;
    let hash: string | undefined;
    const url = await serve(async (req, incoming) => {
      const uncopied = withUncopiedBody(req, { incoming });
      // Nobody reads for a while: the body's queue fills, and the request stops flowing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      paused = { readBeforeReading: incoming.socket.bytesRead, paused: incoming.isPaused() };
      hash = sha256(Buffer.concat(await readAll(uncopied.body as ReadableStream<Uint8Array>)));
    });
    const res = await fetch(url, { method: "PATCH", body: bytes });
    expect(await res.text()).toBe("ok");
    expect(paused?.paused).toBe(true);
    // The queue's MiB and what the kernel's buffers hold, not the 32 MiB sent.
    expect(paused?.readBeforeReading).toBeLessThan(8 * 1024 * 1024);
    expect(hash).toBe(sha256(bytes));
  });

  it("fails the reader when the client goes away mid-body", async () => {
    let failure: unknown;
    let received = 0;
    const done = new Promise<void>((resolve) => {
      void serve(async (req, incoming) => {
        try {
          for await (const chunk of withUncopiedBody(req, { incoming }).body as unknown as AsyncIterable<Uint8Array>) {
            received += chunk.byteLength;
          }
        } catch (err) {
          failure = err;
        }
        resolve();
      }).then((url) => {
        const { port } = new URL(url);
        const client = http.request({
          host: "127.0.0.1",
          port,
          method: "PATCH",
          path: "/",
          headers: { "content-length": 10_000_000 },
        });
        client.on("error", () => undefined);
        client.write(Buffer.alloc(100_000, 1), () => setTimeout(() => client.destroy(), 100));
      });
    });
    await done;
    expect(received).toBeGreaterThan(0);
    expect(failure).toBeInstanceOf(Error);
  });

  it("leaves a request as it is when there is no Node request, or its body is being read already", async () => {
    const req = new Request("http://localhost/", { method: "PATCH", body: "x" });
    expect(withUncopiedBody(req, undefined)).toBe(req);
    const same: boolean[] = [];
    const url = await serve(async (web, incoming) => {
      const get = new Request(web.url, { method: "GET" });
      same.push(withUncopiedBody(get, { incoming }) === get);
      incoming.on("data", () => undefined);
      same.push(withUncopiedBody(web, { incoming }) === web);
    });
    await (await fetch(url, { method: "PATCH", body: "bytes" })).text();
    expect(same).toEqual([true, true]);
  });

  it("lets go of a body nobody read once the answer is sent, so the rest can be drained", async () => {
    let drained: boolean | undefined;
    const done = new Promise<void>((resolve) => {
      void serve(async (req, incoming, res) => {
        withUncopiedBody(req, { incoming, outgoing: res });
        // Refused before a byte is read (as tus refuses a PATCH at the wrong offset)...
        res.end("refused");
        await new Promise((answered) => res.once("close", answered));
        // ...then the rest is read and dropped, as @hono/node-server does once the answer is sent.
        incoming.resume();
        drained = await new Promise<boolean>((ended) => {
          incoming.once("end", () => ended(true));
          setTimeout(() => ended(false), 3000);
        });
        resolve();
      }).then((url) => {
        // A client that sends its whole body whatever the answer (fetch would stop at the answer).
        const client = http.request(url, { method: "PATCH" });
        client.on("error", () => undefined);
        client.on("response", (res) => res.resume());
        client.end(randomBytes(8 * 1024 * 1024));
      });
    });
    await done;
    expect(drained).toBe(true);
  });
});
