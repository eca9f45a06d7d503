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
});
