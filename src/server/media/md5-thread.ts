import { Worker } from "node:worker_threads";

/**
 * MD5 on a thread of its own, for any number of byte streams at once (issue 36).
 *
 * MD5 is the slowest of the two hashes we keep: 440 MB/s on our machines, against 1 GB/s for
 * SHA-256. Hashing both on the main thread held a 500 MB upload to the speed of the two hashes added
 * up, with every request of the server waiting behind them. Here the main thread only copies the bytes
 * into batches, and MD5 runs beside it on the other core.
 *
 * Each stream's batches are slots of one block of shared memory, handed to the thread once (decision
 * 053). A new buffer per batch, moved to the thread, was external memory to V8 in both threads until
 * a collection found it dead: half of what an upload allocated, and past 64 MB of it V8 marks the
 * whole heap.
 */

/** Bytes gathered before they are sent: a message per MiB, not one per network read. */
const BATCH_BYTES = 1024 * 1024;

/** Batches sent and not yet hashed, per stream (the slots of its shared block): memory stays bounded. */
const SLOTS = 8;

// Hashes slots of a stream's shared block as they are named, acknowledges each one, and answers the
// digest at the end. The block comes with the stream's first batch.
const WORKER = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const streams = new Map();
parentPort.on("message", ({ id, block, slot, length, end, drop }) => {
  if (drop) return void streams.delete(id);
  let stream = streams.get(id);
  if (!stream) streams.set(id, (stream = { md5: createHash("md5"), bytes: undefined }));
  if (block) stream.bytes = new Uint8Array(block);
  if (length !== undefined) {
    const from = slot * ${BATCH_BYTES};
    stream.md5.update(stream.bytes.subarray(from, from + length));
    return parentPort.postMessage({ id, slot });
  }
  if (end) {
    streams.delete(id);
    parentPort.postMessage({ id, digest: stream.md5.digest("hex") });
  }
});`;

interface Listener {
  /** A slot was hashed: it can be filled again. */
  acked(slot: number): void;
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
  worker.on("message", (m: { id: number; digest?: string; slot?: number }) => {
    if (--current.awaited === 0) worker.unref();
    const listener = current.listeners.get(m.id);
    if (m.digest !== undefined) listener?.digested(m.digest);
    else listener?.acked(m.slot as number);
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

function post(t: Thread, message: object, answered = true) {
  if (answered && t.awaited++ === 0) t.worker.ref();
  t.worker.postMessage(message);
}

export interface Md5Stream {
  /**
   * Adds `chunk`. Returns a promise when the thread is behind: wait for it before the next chunk, and
   * leave `chunk` as it is until then (the rest of it is copied as the thread makes room).
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
  /** The stream's shared block: allocated when bytes come, and let go with the stream. */
  let block: { memory: SharedArrayBuffer; bytes: Uint8Array; sent: boolean } | undefined;
  /** Slots free to fill; the first is the one being filled. */
  let free: number[] = [];
  let filled = 0;
  let failure: Error | undefined;
  let dropped = false;
  /** A chunk waiting for a free slot, and its caller. */
  let waiting: { rest: Uint8Array; resolve: () => void; reject: (err: Error) => void } | undefined;
  let digesting: { resolve: (hex: string) => void; reject: (err: Error) => void } | undefined;

  const letGo = () => {
    block = undefined;
    free = [];
  };

  /** Sends the slot being filled, with the block itself the first time. */
  const send = () => {
    if (!block) return;
    const slot = free.shift() as number;
    post(t, { id, slot, length: filled, ...(block.sent ? {} : { block: block.memory }) });
    block.sent = true;
    filled = 0;
  };

  /** Copies as much of `bytes` as the free slots hold; answers what is left. */
  const copy = (bytes: Uint8Array): Uint8Array => {
    if (!block) {
      const memory = new SharedArrayBuffer(SLOTS * BATCH_BYTES);
      block = { memory, bytes: new Uint8Array(memory), sent: false };
      free = Array.from({ length: SLOTS }, (_, slot) => slot);
    }
    let offset = 0;
    while (offset < bytes.byteLength && free.length > 0) {
      const slot = free[0] as number;
      const n = Math.min(bytes.byteLength - offset, BATCH_BYTES - filled);
      block.bytes.set(bytes.subarray(offset, offset + n), slot * BATCH_BYTES + filled);
      filled += n;
      offset += n;
      if (filled === BATCH_BYTES) send();
    }
    return bytes.subarray(offset);
  };

  t.listeners.set(id, {
    acked(slot) {
      if (!block) return;
      free.push(slot);
      if (!waiting) return;
      const rest = copy(waiting.rest);
      if (rest.byteLength > 0 || free.length === 0) {
        waiting.rest = rest;
        return;
      }
      const { resolve } = waiting;
      waiting = undefined;
      resolve();
    },
    digested(hex) {
      t.listeners.delete(id);
      letGo();
      digesting?.resolve(hex);
    },
    failed(err) {
      failure = err;
      letGo();
      waiting?.reject(err);
      digesting?.reject(err);
    },
  });

  return {
    update(chunk) {
      if (dropped) return undefined;
      if (failure) return Promise.reject(failure);
      const rest = copy(chunk);
      if (rest.byteLength === 0 && free.length > 0) return undefined;
      // Every slot is sent: the chunk's rest, if any, is copied as slots come back, and the caller
      // waits until it is and a slot is free for the next chunk.
      return new Promise<void>((resolve, reject) => {
        waiting = { rest, resolve, reject };
      });
    },
    digest() {
      if (dropped) return Promise.reject(new Error("this MD5 was dropped"));
      if (failure) return Promise.reject(failure);
      if (block && filled > 0) send();
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
      letGo();
      if (!t.listeners.delete(id) || failure) return;
      post(t, { id, drop: true }, false);
    },
  };
}
