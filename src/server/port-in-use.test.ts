import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "#server/env";
import { startServer } from "#server/server";
import { createTestDatabase } from "#server/test/test-database";

describe("a port already in use", () => {
  it("is an error startServer reports, not a hang or an uncaught exception", async () => {
    const squatter = http.createServer();
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const port = (squatter.address() as AddressInfo).port;
    const { database, dispose } = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-port-"));
    try {
      const env = loadEnv({
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        JOB_POLL_MS: "0",
      });
      await expect(startServer(env, { database: { ...database, close: async () => {} } })).rejects.toMatchObject({
        code: "EADDRINUSE",
      });
    } finally {
      squatter.close();
      await dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
