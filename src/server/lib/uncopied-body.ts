import type { IncomingMessage, ServerResponse } from "node:http";

/** Bytes the body's stream holds before it stops reading the socket: memory per request stays bounded. */
const QUEUED_BYTES = 1024 * 1024;

/**
 * A request whose body is the chunks Node's HTTP parser hands over, as they are (decision 053).
 *
 * @hono/node-server gives a request's body through `Readable.toWeb`, which copies every chunk "to
 * detach it from the pool". An HTTP body's chunks are already buffers of their own (the parser copies
 * each out of its one read buffer), so a 500 MB upload allocated 1 GB of short-lived buffers. V8 counts
 * each as external memory until a collection finds it dead, and past 64 MB of it marks the whole heap:
 * back-to-back mark-compacts that slowed uploads (decision 052).
 *
 * `env` is the route's `c.env`: under @hono/node-server, the Node request and response behind `req`.
 * Answers `req` itself when there is no Node request behind it (a test's `app.request`) or something
 * has started reading its body already.
 */
export function withUncopiedBody(req: Request, env: unknown): Request {
  const node = env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  const incoming = node?.incoming;
  if (!incoming || req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return req;
  if (incoming.readableFlowing !== null || incoming.readableDidRead || incoming.readableEnded) return req;
  return new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body: bodyOf(incoming, node?.outgoing),
    signal: req.signal,
    duplex: "half",
  } as RequestInit);
}

function bodyOf(incoming: IncomingMessage, outgoing: ServerResponse | undefined): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(chunk);
          // Full: the socket waits (TCP's own flow control) until the reader asks for more.
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onError = (err: Error) => {
          detach();
          controller.error(err);
        };
        // A client that goes away mid-body: the reader hears of it rather than waiting for ever.
        const onClose = () => onError(new Error("The request was cut short."));
        // Answered before the body was read to its end (a PATCH refused): the stream lets go of the
        // request, so the server's own clean-up can read and drop the rest and keep the connection.
        const onAnswered = () => onError(new Error("The request was answered before its body was read."));
        incoming.on("data", onData).once("end", onEnd).once("error", onError).once("close", onClose);
        outgoing?.once("close", onAnswered);
        detach = () => {
          incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
          outgoing?.off("close", onAnswered);
        };
      },
      pull() {
        incoming.resume();
      },
      cancel() {
        // The reader wants no more (a request refused half-way): the rest is read and dropped, so the
        // answer can still be sent on the connection.
        detach();
        incoming.resume();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: QUEUED_BYTES }),
  );
}
