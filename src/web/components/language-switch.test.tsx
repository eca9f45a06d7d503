// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "#domain/i18n";
import { type SessionUser, sessionQueryOptions } from "#web/lib/session";
import { api, mockApiForThisFile, renderWithApp } from "#web/test/render";
import { LanguageSwitch } from "./language-switch";
import { ThemeToggle } from "./theme-toggle";

mockApiForThisFile();
afterEach(async () => {
  // The active language is the app's one; the next test starts in English.
  await activateLocale("en");
  document.documentElement.lang = "en";
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the one cookie the switch writes.
  document.cookie = "kalrav_lang=; Max-Age=0; Path=/";
});

describe("the language switch (issue 39)", () => {
  it("turns the page into Hindi, marks <html lang>, and keeps the visitor's choice in a cookie", async () => {
    const { user } = renderWithApp(
      <>
        <LanguageSwitch />
        <ThemeToggle />
      </>,
    );
    expect(screen.getByRole("group", { name: "Theme" })).toBeTruthy();
    const toHindi = screen.getByRole("button", { name: "हिन्दी में देखें (Switch to Hindi)" });
    expect(toHindi.getAttribute("lang")).toBe("hi");
    await user.click(toHindi);
    expect(await screen.findByRole("group", { name: "थीम" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "लाइट थीम" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("hi");
    expect(document.cookie).toContain("kalrav_lang=hi");
    // And back: the button names English in English.
    await user.click(screen.getByRole("button", { name: "Switch to English (अंग्रेज़ी में देखें)" }));
    expect(await screen.findByRole("group", { name: "Theme" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("en");
  });

  it("saves a signed-in user's choice with their account before switching", async () => {
    const saved: unknown[] = [];
    api.use(
      http.put("/api/language", async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ locale: "hi" });
      }),
    );
    const { user, queryClient } = renderWithApp(<LanguageSwitch />);
    const signedIn: SessionUser = {
      id: "u1",
      email: "asha@example.com",
      name: "Asha",
      role: "artist",
      image: null,
      emailVerified: true,
      twoFactorEnabled: false,
      locale: "en",
      workspace: null,
    };
    queryClient.setQueryData(sessionQueryOptions.queryKey, signedIn);
    await user.click(screen.getByRole("button", { name: "हिन्दी में देखें (Switch to Hindi)" }));
    await waitFor(() => expect(document.documentElement.lang).toBe("hi"));
    expect(saved).toEqual([{ locale: "hi" }]);
    expect(queryClient.getQueryData(sessionQueryOptions.queryKey)).toMatchObject({ locale: "hi" });
  });
});
