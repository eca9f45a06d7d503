// Upload throughput (issue 17): a large WAV sent over loopback to the tus endpoint the way the browser
// sends it (tus-js-client, 32 MiB requests), timed to the end of the upload's one pass (hashing,
// quality check, media store), against a plain `cp` of the same file on the same disk; and the
// server's peak memory meanwhile, for two file sizes, to show it does not grow with the file.
//
// Run alone: `npm run build && node --import tsx bench/upload.ts` (a server on the embedded database).
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Upload } from "tus-js-client";
import { freePort } from "#server/test/free-port";
import { SERVER_ARGS } from "./processes";

const CHUNK_BYTES = 32 * 1024 * 1024;

export interface UploadMeasurement {
  megabytes: number;
  uploadSeconds: number;
  cpSeconds: number;
  /** cp time ÷ upload time: 1 is as fast as copying the file on the same disk. */
  ratioToCp: number;
  /** Issue 36's floor: reading the file, hashing it (SHA-256 and MD5) and writing it on the same disk. */
  floorSeconds: number;
  /** floor time ÷ upload time (goal ≥ 0.5). */
  ratioToFloor: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Each round's floor ratio, in the order run: the figures above are the median round's. */
  roundRatios?: number[];
}

/** A WAV header for `dataBytes` of 24-bit stereo 48 kHz PCM, then that many bytes (not silence: a pattern). */
async function writeWav(file: string, dataBytes: number) {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(48_000, 24);
  header.writeUInt32LE(48_000 * 6, 28);
  header.writeUInt16LE(6, 32);
  header.writeUInt16LE(24, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  const handle = await fs.open(file, "w");
  try {
    await handle.write(header);
    const block = Buffer.alloc(6 * 1024 * 1024);
    for (let i = 0; i < block.length; i++) block[i] = (i * 2654435761) >>> 24;
    for (let written = 0; written < dataBytes; written += block.length) {
      await handle.write(block, 0, Math.min(block.length, dataBytes - written));
    }
  } finally {
    await handle.close();
  }
}

/** Resident memory of a process, in bytes (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

function timed(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: "ignore" });
    child.once("exit", (code) =>
      code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`${command} exited ${code}`)),
    );
  });
}

function upload(base: string, cookie: string, file: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const u = new Upload(createReadStream(file), {
      endpoint: `${base}/api/uploads`,
      chunkSize: CHUNK_BYTES,
      uploadSize: size,
      headers: { cookie, origin: base },
      metadata: { kind: "audio", filetype: "audio/wav", filename: path.basename(file) },
      onSuccess: () => resolve(),
      onError: reject,
    });
    u.start();
  });
}

/**
 * The least an upload must do with the bytes, in one pass: read them, hash them (SHA-256 and MD5, the
 * two hashes we keep) and write them on the same disk. Seconds.
 */
async function hashAndCopy(source: string, target: string): Promise<number> {
  const started = performance.now();
  const sha256 = createHash("sha256");
  const md5 = createHash("md5");
  await pipeline(
    createReadStream(source),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sha256.update(chunk);
        md5.update(chunk);
        done(null, chunk);
      },
    }),
    createWriteStream(target),
  );
  sha256.digest();
  md5.digest();
  return (performance.now() - started) / 1000;
}

/** Measures one upload of `megabytes` MB against `cp`, sampling the server's memory every 20 ms. */
export async function measureUpload(opts: {
  base: string;
  cookie: string;
  serverPid: number;
  /** A folder on the same disk as the server's DATA_DIR. */
  workDir: string;
  megabytes: number;
}): Promise<UploadMeasurement> {
  const size = opts.megabytes * 1_000_000;
  const source = path.join(opts.workDir, `bench-${opts.megabytes}mb.wav`);
  await writeWav(source, size - 44);
  // Each measurement starts with nothing of the one before waiting to be written to disk.
  await timed("sync", []);
  const cpSeconds = await timed("cp", [source, `${source}.copy`]);
  await fs.rm(`${source}.copy`);
  await timed("sync", []);
  const floorSeconds = await hashAndCopy(source, `${source}.floor`);
  await fs.rm(`${source}.floor`);
  await timed("sync", []);

  const rssBefore = await rssOf(opts.serverPid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    rssOf(opts.serverPid)
      .then((rss) => {
        peak = Math.max(peak, rss);
      })
      .catch(() => {});
  }, 20);
  const started = performance.now();
  try {
    await upload(opts.base, opts.cookie, source, size);
  } finally {
    clearInterval(sampler);
  }
  const uploadSeconds = (performance.now() - started) / 1000;
  await fs.rm(source);
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return {
    megabytes: opts.megabytes,
    uploadSeconds: Math.round(uploadSeconds * 100) / 100,
    cpSeconds: Math.round(cpSeconds * 100) / 100,
    ratioToCp: Math.round((cpSeconds / uploadSeconds) * 100) / 100,
    floorSeconds: Math.round(floorSeconds * 100) / 100,
    ratioToFloor: Math.round((floorSeconds / uploadSeconds) * 100) / 100,
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(peak),
  };
}

type UploadOptions = Parameters<typeof measureUpload>[0];

/**
 * One measurement in a fresh Node process of its own, as a browser is one: nothing the bench's own
 * process ran before (the reads' load tests, Lighthouse) weighs on the client (decision 047).
 */
function measureUploadInChild(opts: UploadOptions): Promise<UploadMeasurement> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), CLIENT_FLAG], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, BENCH_UPLOAD: JSON.stringify(opts) },
    });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.once("exit", (code) => {
      const last = out.trim().split("\n").at(-1) ?? "";
      if (code === 0 && last.startsWith("{")) resolve(JSON.parse(last) as UploadMeasurement);
      else reject(new Error(`the upload client exited with ${code}: ${out}`));
    });
  });
}

/** Rounds of each size: on a 2-core machine one round's ratio moved by a factor of two between runs. */
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);

/**
 * A 100 MB and a 500 MB upload: the throughput target is on the 500 MB one, memory is compared across
 * both. Each is sent by a process of its own, once the server has no analysis left to run. Each size is
 * measured in `ROUNDS` rounds, each with its own floor just before it (the disk's state moves from one
 * minute to the next), and reported by its median round, with every round's ratio beside it; the
 * server's peak memory is the highest of all rounds.
 */
export async function measureUploads(
  opts: Omit<UploadOptions, "megabytes"> & {
    /** Resolves once the server has no background work left (the previous upload's audio analysis). */
    idle?: () => Promise<void>;
  },
) {
  const { idle, ...rest } = opts;
  const measured = async (megabytes: number): Promise<UploadMeasurement> => {
    const rounds: UploadMeasurement[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await idle?.();
      rounds.push(await measureUploadInChild({ ...rest, megabytes }));
    }
    const median = [...rounds].sort((a, b) => a.ratioToFloor - b.ratioToFloor)[Math.floor(rounds.length / 2)];
    if (!median) throw new Error("no upload was measured");
    return {
      ...median,
      rssPeakMb: Math.max(...rounds.map((r) => r.rssPeakMb)),
      roundRatios: rounds.map((r) => r.ratioToFloor),
    };
  };
  const small = await measured(100);
  const large = await measured(500);
  return { small, large };
}

export function uploadReport(r: { small: UploadMeasurement; large: UploadMeasurement }): string {
  const line = (m: UploadMeasurement) =>
    `Upload ${m.megabytes} MB: ${m.uploadSeconds} s (floor: read, hash and write ${m.floorSeconds} s, ratio ${m.ratioToFloor}, goal ≥ 0.5; cp ${m.cpSeconds} s, ratio ${m.ratioToCp}); server RSS ${m.rssBeforeMb} → peak ${m.rssPeakMb} MB${
      m.roundRatios && m.roundRatios.length > 1
        ? `; median of ${m.roundRatios.length} rounds: ${m.roundRatios.join(", ")}`
        : ""
    }`;
  return `${line(r.small)}\n${line(r.large)}\n`;
}

/** Alone: the built server on the embedded database in a temporary DATA_DIR, one artist, two uploads. */
async function standalone() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-bench-upload-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, SERVER_ARGS, {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      server?.stdout?.on("data", (d: Buffer) => d.toString().includes("Kalrav is running") && resolve());
      server?.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    });
    const post = (p: string, body: unknown) =>
      fetch(`${base}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify(body),
      });
    const account = { name: "Bench Uploader", email: "bench-uploader@example.com", password: "bench-password" };
    await post("/api/auth/sign-up/email", account);
    const res = await post("/api/auth/sign-in/email", { email: account.email, password: account.password });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const result = await measureUploads({ base, cookie, serverPid: server.pid as number, workDir: dataDir });
    process.stdout.write(uploadReport(result));
  } finally {
    server?.kill("SIGTERM");
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const CLIENT_FLAG = "--client";
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === CLIENT_FLAG) {
    const opts = JSON.parse(process.env.BENCH_UPLOAD ?? "{}") as UploadOptions;
    process.stdout.write(`${JSON.stringify(await measureUpload(opts))}\n`);
  } else await standalone();
}
