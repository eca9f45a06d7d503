import { describe, expect, it } from "vitest";
import { loadEnv } from "#server/env";
import { startServer } from "#server/server";
import { testPaymentsRefusal } from "./payments-config";

/** Issue 33 (LOW): the built-in test gateway was the default even on a public production server. */
describe("the built-in test gateway on a production server", () => {
  const env = (over: Partial<Parameters<typeof testPaymentsRefusal>[0]>) => ({
    NODE_ENV: "production",
    PUBLIC_URL: "https://kalrav.example",
    ALLOW_TEST_PAYMENTS: false,
    ...over,
  });

  it("is refused at a public address unless explicitly allowed; fine locally and outside production", () => {
    expect(testPaymentsRefusal(env({}))).toMatch(/ALLOW_TEST_PAYMENTS=true/);
    expect(testPaymentsRefusal(env({ ALLOW_TEST_PAYMENTS: true }))).toBeNull();
    expect(testPaymentsRefusal(env({ PUBLIC_URL: "http://localhost:3000" }))).toBeNull();
    expect(testPaymentsRefusal(env({ PUBLIC_URL: "http://127.0.0.1:4173" }))).toBeNull();
    expect(testPaymentsRefusal(env({ NODE_ENV: "development" }))).toBeNull();
  });

  it("stops the server from starting, before it opens its database", async () => {
    const config = loadEnv({
      NODE_ENV: "production",
      PUBLIC_URL: "https://kalrav.example",
      DATA_DIR: "/nonexistent/kalrav",
    });
    await expect(startServer(config)).rejects.toThrow(/TEST payment gateway/);
  });
});
