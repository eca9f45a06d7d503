import { Worker } from "node:worker_threads";

/**
 * MD5 on a thread of its own, for any number of byte streams at once (issue 36).
 *
 * MD5 is the slowest of the two hashes we keep: 440 MB/s on our machines, against 1 GB/s for
 * SHA-256. Hashing both on the main thread held a 500 MB upload to the speed of the two hashes added
 * up, with every request of the server waiting behind them. Here the main thread only copies the bytes
 * into batches, and MD5 runs beside it on the other core.
 */

/** Bytes gathered before they are sent: a message per MiB, not one per network read. */
const BATCH_BYTES = 1024 * 1024;

/** Batches sent and not yet hashed, per stream: memory stays bounded whatever the file size. */
const MAX_IN_FLIGHT = 8;

// Given a stream's batches (moved, not copied), acknowledges each one, and answers its digest at the end.
const WORKER = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const hashes = new Map();
parentPort.on("message", ({ id, data, length, end, drop }) => {
  if (drop) return void hashes.delete(id);
  let md5 = hashes.get(id);
  if (!md5) hashes.set(id, (md5 = createHash("md5")));
  if (data) {
    md5.update(new Uint8Array(data, 0, length));
    return parentPort.postMessage({ id });
  }
  if (end) {
    hashes.delete(id);
    parentPort.postMessage({ id, digest: md5.digest("hex") });
  }
});`;

interface Listener {
  acked(): void;
  digested(hex: string): void;
  failed(err: Error): void;
}

interface Thread {
  worker: Worker;
  listeners: Map<number, Listener>;
  /** Messages that await an answer: while there are any, the thread keeps the process alive. */
  awaited: number;
}

let shared: Thread | undefined;
let nextId = 0;

/** The one MD5 thread of this process, started on first use, and again after a failure. */
function thread(): Thread {
  if (shared) return shared;
  const worker = new Worker(WORKER, { eval: true });
  // An upload paused half-way holds its stream open for hours: that must not keep the process alive.
  worker.unref();
  const current: Thread = { worker, listeners: new Map(), awaited: 0 };
  worker.on("message", (m: { id: number; digest?: string }) => {
    if (--current.awaited === 0) worker.unref();
    const listener = current.listeners.get(m.id);
    if (m.digest !== undefined) listener?.digested(m.digest);
    else listener?.acked();
  });
  const fail = (err: Error) => {
    if (shared === current) shared = undefined;
    for (const listener of current.listeners.values()) listener.failed(err);
    current.listeners.clear();
  };
  worker.once("error", fail);
  worker.once("exit", (code) => fail(new Error(`the MD5 thread stopped (exit code ${code})`)));
  shared = current;
  return current;
}

function post(t: Thread, message: object, transfer: ArrayBuffer[] = [], answered = true) {
  if (answered && t.awaited++ === 0) t.worker.ref();
  t.worker.postMessage(message, transfer);
}

export interface Md5Stream {
  /**
   * Adds `chunk` (copied: the caller keeps it). Returns a promise when the thread is behind: wait for it
   * before the next chunk, and memory stays bounded.
   */
  update(chunk: Uint8Array): Promise<void> | undefined;
  /** The MD5 of everything added, in hex; the stream is done. */
  digest(): Promise<string>;
  /** Forgets the stream (its bytes were cut short, or are no longer wanted); later updates are ignored. */
  drop(): void;
}

/** A new MD5 computed on the shared thread. */
export function md5OnThread(): Md5Stream {
  const t = thread();
  const id = nextId++;
  /** The batch being filled: allocated when bytes come, so a finished stream holds none. */
  let batch: Buffer | undefined;
  let filled = 0;
  let inFlight = 0;
  let failure: Error | undefined;
  let dropped = false;
  let waiting: { resolve: () => void; reject: (err: Error) => void } | undefined;
  let digesting: { resolve: (hex: string) => void; reject: (err: Error) => void } | undefined;

  t.listeners.set(id, {
    acked() {
      inFlight--;
      if (waiting && inFlight < MAX_IN_FLIGHT) {
        const { resolve } = waiting;
        waiting = undefined;
        resolve();
      }
    },
    digested(hex) {
      t.listeners.delete(id);
      digesting?.resolve(hex);
    },
    failed(err) {
      failure = err;
      waiting?.reject(err);
      digesting?.reject(err);
    },
  });

  const send = (full: Buffer) => {
    const data = full.buffer as ArrayBuffer;
    inFlight++;
    post(t, { id, data, length: filled }, [data]);
    batch = undefined;
    filled = 0;
  };

  return {
    update(chunk) {
      if (dropped) return undefined;
      if (failure) return Promise.reject(failure);
      for (let offset = 0; offset < chunk.byteLength; ) {
        batch ??= Buffer.allocUnsafeSlow(BATCH_BYTES);
        const n = Math.min(chunk.byteLength - offset, BATCH_BYTES - filled);
        batch.set(chunk.subarray(offset, offset + n), filled);
        filled += n;
        offset += n;
        if (filled === BATCH_BYTES) send(batch);
      }
      if (inFlight < MAX_IN_FLIGHT) return undefined;
      return new Promise<void>((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    digest() {
      if (dropped) return Promise.reject(new Error("this MD5 was dropped"));
      if (failure) return Promise.reject(failure);
      if (batch && filled > 0) send(batch);
      return new Promise<string>((resolve, reject) => {
        digesting = { resolve, reject };
        post(t, { id, end: true });
      });
    },
    drop() {
      // A caller waiting for room goes on: nothing it adds from now on is hashed.
      waiting?.resolve();
      waiting = undefined;
      if (dropped) return;
      dropped = true;
      if (!t.listeners.delete(id) || failure) return;
      post(t, { id, drop: true }, [], false);
    },
  };
}
