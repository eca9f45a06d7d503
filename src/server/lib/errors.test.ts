import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "./domain-error";
import { handleError } from "./errors";

/** One error path (issue 34): whatever a service throws becomes the one error shape, never a stray 500. */
describe("the one error path", () => {
  const app = new Hono();
  app.onError(handleError);
  app.get("/zod", () => {
    z.object({ title: z.string().min(1, "Enter a title.") }).parse({ title: "" });
    return new Response("unreachable");
  });
  app.get("/domain", () => {
    throw new DomainError("conflict", "IDENTIFIER_TAKEN", "Another release has this UPC.", { disputable: "1" });
  });
  app.get("/bug", () => {
    throw new Error("a bug's own words, with a stack");
  });

  it("a schema refusing data below the route answers 400 with the field, never 500", async () => {
    const res = await app.request("/zod");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: "VALIDATION_ERROR",
        message: "Enter a title.",
        details: [{ path: "title", message: "Enter a title." }],
      },
    });
  });

  it("a service's DomainError answers its kind's status with its code and details", async () => {
    const res = await app.request("/domain");
    expect(res.status).toBe(409);
    expect((await res.json()).error).toEqual({
      code: "IDENTIFIER_TAKEN",
      message: "Another release has this UPC.",
      details: { disputable: "1" },
    });
  });

  it("anything else is a 500 that says nothing of the fault", async () => {
    const res = await app.request("/bug");
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("stack");
  });
});
