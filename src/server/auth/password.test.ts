import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { hash } from "@node-rs/argon2";
import { hashPassword as scryptHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("hashes new passwords with Argon2id at OWASP's minimum and verifies them", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await verifyPassword({ hash: stored, password: "correct horse" })).toBe(true);
    expect(await verifyPassword({ hash: stored, password: "correct horsE" })).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("still verifies hashes made with the earlier setting (19 MiB, 2 passes)", async () => {
    const earlier = await hash("older password", { ...ARGON2_OPTIONS, memoryCost: 19_456, timeCost: 2 });
    expect(earlier).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash: earlier, password: "older password" })).toBe(true);
    expect(await verifyPassword({ hash: earlier, password: "older passwort" })).toBe(false);
  });

  it("still verifies the scrypt hashes of accounts made before the switch", async () => {
    const legacy = await scryptHash("old password");
    expect(await verifyPassword({ hash: legacy, password: "old password" })).toBe(true);
    expect(await verifyPassword({ hash: legacy, password: "new password" })).toBe(false);
  });

  it("treats differently composed Unicode as the same password", async () => {
    const stored = await hashPassword("caf\u00e9");
    expect(await verifyPassword({ hash: stored, password: "cafe\u0301" })).toBe(true);
  });

  // Linux counts a process's page faults; the package's native code is built for it here.
  it.skipIf(process.platform !== "linux")(
    "keeps a check's memory for the next check instead of faulting it in again (decision 064)",
    async () => {
      // In a process of its own, with the environment as an operator leaves it: the package's allocator
      // reads its setting once, when the package loads, which in this worker another file may have done.
      const { MIMALLOC_PURGE_DELAY: _set, ...env } = process.env;
      const script = `
        const { hashPassword, verifyPassword } = await import("./src/server/auth/password.ts");
        const stored = await hashPassword("correct horse");
        await verifyPassword({ hash: stored, password: "correct horse" });
        const before = process.resourceUsage().minorPageFault;
        for (let i = 0; i < 20; i++) await verifyPassword({ hash: stored, password: "correct horse" });
        console.log((process.resourceUsage().minorPageFault - before) / 20);`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "--input-type=module", "-e", script],
        { env },
      );
      // About 20 a check with the memory kept; 350 and more when each check's 7 MiB is faulted in again.
      expect(Number(stdout.trim())).toBeLessThan(100);
    },
  );
});
