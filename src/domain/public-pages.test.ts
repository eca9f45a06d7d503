import { describe, expect, it } from "vitest";
import { isFirstRun } from "./onboarding";
import { documentTitle, isAppPath, NOT_FOUND_PAGE, PUBLIC_PAGES, pageHeadTags } from "./public-pages";

describe("public pages", () => {
  it("knows which addresses the app answers and which are unknown (404)", () => {
    for (const path of ["/", "/pricing", "/pricing/", "/login", "/forgot-password", "/app", "/app/x/y", "/admin/users"])
      expect(isAppPath(path), path).toBe(true);
    for (const path of ["/nope", "/pricingx", "/application", "/administrator", "/pricing/extra", "/pages/home.html"])
      expect(isAppPath(path), path).toBe(false);
  });

  it("writes each page's head tags with its own title and canonical address, escaped", () => {
    const head = pageHeadTags(PUBLIC_PAGES["/pricing"], "/pricing", "https://kalrav.in");
    expect(head).toContain("<title>Pricing | Kalrav</title>");
    expect(head).toContain('<link rel="canonical" href="https://kalrav.in/pricing" />');
    expect(head).toContain('<meta property="og:image" content="https://kalrav.in/og-image.png" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).not.toContain("noindex");
    const tricky = pageHeadTags({ title: 'A "quoted" <b>', description: "x & y", file: "x.html" }, "/x", "");
    expect(tricky).toContain("<title>A &quot;quoted&quot; &lt;b&gt; | Kalrav</title>");
    expect(tricky).toContain('content="x &amp; y"');
  });

  it("gives the not-found page no canonical address and keeps it out of search results", () => {
    const head = pageHeadTags(NOT_FOUND_PAGE, null, "https://kalrav.in");
    expect(head).not.toContain("canonical");
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(documentTitle("Kalrav")).toBe("Kalrav");
  });

  it("counts a dashboard as first run until every step is done", () => {
    expect(isFirstRun({ plan: false, payout: false, release: false })).toBe(true);
    expect(isFirstRun({ plan: true, payout: true, release: false })).toBe(true);
    expect(isFirstRun({ plan: true, payout: true, release: true })).toBe(false);
  });
});
