import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";

describe("the server's log", () => {
  it("never writes a password or an artist's protection key, at any depth it is logged at", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger("info", sink);
    logger.info({ appKey: "KEY-TOP-LEVEL-123456" }, "a");
    logger.info({ body: { appKey: "KEY-NESTED-123456", name: "Asha" } }, "b");
    logger.info({ req: { body: { appKey: "KEY-DEEP-123456" } }, password: "hunter2" }, "c");
    const text = lines.join("");
    expect(text).toContain("Asha");
    expect(text).not.toMatch(/KEY-|hunter2/);
  });
});
