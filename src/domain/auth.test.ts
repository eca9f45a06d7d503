import { describe, expect, it } from "vitest";
import { firstIssueMessage, loginSchema, registerSchema } from "./auth";
import { MESSAGES } from "./messages";
import { homePathForRole, normalizeRole } from "./roles";

const registerError = (input: { name: string; email: string; password: string; confirmPassword: string }) => {
  const result = registerSchema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
};

describe("registration rules, in the spec's order", () => {
  const valid = { name: "Asha", email: "asha@example.com", password: "secret1", confirmPassword: "secret1" };
  it("accepts a complete, matching, long-enough form", () => expect(registerError(valid)).toBeNull());
  it("asks for all fields first, even when the rest is also wrong", () => {
    expect(registerError({ ...valid, name: "  ", password: "1", confirmPassword: "2" })).toBe(
      MESSAGES.register.fillAllFields,
    );
  });
  it("then checks the confirmation", () => {
    expect(registerError({ ...valid, password: "1", confirmPassword: "2" })).toBe(
      MESSAGES.register.passwordsDoNotMatch,
    );
  });
  it("then the length", () => {
    expect(registerError({ ...valid, password: "12345", confirmPassword: "12345" })).toBe(
      MESSAGES.register.passwordTooShort,
    );
  });
  it("then the e-mail's form", () => {
    expect(registerError({ ...valid, email: "not-an-email" })).toBe(MESSAGES.register.invalidEmail);
  });
});

describe("login rules", () => {
  it("needs both e-mail and password", () => {
    const result = loginSchema.safeParse({ email: "a@b.c", password: "", rememberMe: false });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(MESSAGES.login.bothRequired);
  });
});

describe("roles", () => {
  it("treats anything but admin as artist", () => {
    expect(normalizeRole("admin")).toBe("admin");
    expect(normalizeRole("label")).toBe("artist");
    expect(normalizeRole(null)).toBe("artist");
  });
  it("sends each role to its dashboard", () => {
    expect(homePathForRole("admin")).toBe("/admin/dashboard");
    expect(homePathForRole("artist")).toBe("/app/dashboard");
  });
});
