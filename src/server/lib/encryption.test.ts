import { describe, expect, it } from "vitest";
import { createEncryptor } from "./encryption";

describe("encryption at rest", () => {
  const a = createEncryptor("a-secret-of-at-least-thirty-two-chars!!", "payout");
  it("round-trips and never stores the plain text", () => {
    const sealed = a.encrypt("123456789012");
    expect(sealed).not.toContain("123456789012");
    expect(a.decrypt(sealed)).toBe("123456789012");
    expect(a.encrypt("123456789012")).not.toBe(sealed);
  });
  it("refuses tampered data and other keys", () => {
    const sealed = a.encrypt("secret");
    const b = createEncryptor("another-secret-of-at-least-thirty-two!!", "payout");
    expect(() => b.decrypt(sealed)).toThrow();
    expect(() => a.decrypt(`${sealed.slice(0, -2)}xx`)).toThrow();
  });
});
