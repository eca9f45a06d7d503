import { hashPassword as scryptHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("hashes new passwords with Argon2id at OWASP's minimum and verifies them", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash: stored, password: "correct horse" })).toBe(true);
    expect(await verifyPassword({ hash: stored, password: "correct horsE" })).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
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
