// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, t } from "#domain/i18n";
import { RichText } from "./rich-text";

describe("RichText: a translated sentence with marked parts", () => {
  afterEach(() => activateLocale("en"));

  it("draws each marked part with its element, keeps the words around them, and reads the same in Hindi", async () => {
    const { container, rerender } = render(
      <p>
        <RichText
          text={t("apiRef.errors", { shape: "{…}" })}
          parts={{ 0: <code />, 1: <a href="/api/openapi.json">x</a> }}
        />
      </p>,
    );
    expect(container.textContent).toBe(
      "Errors have one shape, {…}, with stable codes. The machine-readable description is at /api/openapi.json.",
    );
    expect(container.querySelector("code")?.textContent).toBe("{…}");
    expect(screen.getByRole("link", { name: "/api/openapi.json" }).getAttribute("href")).toBe("/api/openapi.json");

    await activateLocale("hi");
    rerender(
      <p>
        <RichText text={t("apiRef.paging")} parts={{ 0: <code />, 1: <code /> }} />
      </p>,
    );
    expect([...container.querySelectorAll("code")].map((c) => c.textContent)).toEqual(["nextCursor", "cursor"]);
    expect(container.textContent).toMatch(/^सूचियाँ एक बार में एक पेज आती हैं/);
    expect(container.textContent).not.toContain("<0>");
  });
});
