import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

const BUCKET = "uploads";

/**
 * An S3-compatible server for tests (s3rver, on loopback, over a temporary folder) with one bucket.
 * s3rver lacks two multipart calls the tus S3 store makes (ListParts and AbortMultipartUpload): they
 * are answered here from the folder s3rver keeps parts in, as S3 documents them.
 */
export async function startS3Server() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory: dir,
    silent: true,
    // s3rver signs bucket-level paths ("/uploads/?delete") differently from the AWS SDK.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const uploadsDir = path.join(dir, BUCKET, "._S3rver_uploads");
  (server as unknown as { middleware: unknown[] }).middleware.unshift(multipartExtras(uploadsDir));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: BUCKET,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    /** The keys of stored objects and of multipart uploads still open. */
    async keys(): Promise<string[]> {
      const names = await fs.readdir(path.join(dir, BUCKET)).catch(() => [] as string[]);
      const objects = names.filter((n) => n.endsWith("._S3rver_object")).map((n) => n.replace(/\._S3rver_object$/, ""));
      const open = await fs.readdir(uploadsDir).catch(() => [] as string[]);
      const openKeys = await Promise.all(open.map((id) => fs.readFile(path.join(uploadsDir, id, "key"), "utf8")));
      return [...objects, ...openKeys];
    },
    async close() {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  type: string;
}

function multipartExtras(uploadsDir: string) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    if (!uploadId || !/^[\w-]+$/.test(uploadId) || (ctx.method !== "GET" && ctx.method !== "DELETE")) return next();
    const uploadDir = path.join(uploadsDir, uploadId);
    const key = await fs.readFile(path.join(uploadDir, "key"), "utf8").catch(() => null);
    if (key === null) {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body = "<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>";
      return;
    }
    if (ctx.method === "DELETE") {
      await fs.rm(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = (await fs.readdir(uploadDir))
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [stat, md5] = await Promise.all([
          fs.stat(path.join(uploadDir, String(n))),
          fs.readFile(path.join(uploadDir, `${n}.md5`), "utf8"),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5.trim()}"</ETag><Size>${stat.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = "application/xml";
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`;
  };
}
