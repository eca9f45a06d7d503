// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { api, mockApiForThisFile, renderWithApp } from "#web/test/render";
import { CheckoutDialog } from "./checkout-dialog";

mockApiForThisFile();

const quote = {
  kind: "charge",
  planId: "pro_artist",
  effectiveOn: "2026-11-25",
  amountPaise: 79_900,
  creditPaise: 20_000,
  gst: null,
};

function mockApi(opts: { lastBilling?: { billingName: string; billingState: string; gstin: string | null } } = {}) {
  const posted: unknown[] = [];
  api.use(
    http.get("*/api/session", () =>
      HttpResponse.json({ user: { id: "u1", name: "Asha Rao", email: "asha@example.com", role: "artist" } }),
    ),
    http.get("*/api/billing", () => HttpResponse.json({ gateway: "test", lastBilling: opts.lastBilling ?? null })),
    http.get("*/api/checkouts/quote", () => HttpResponse.json(quote)),
    http.post("*/api/checkouts", async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(
        {
          scheduled: null,
          keyId: null,
          checkout: { id: "c1", gateway: "test", gatewayRef: "sub_test_1", purpose: "plan", status: "open" },
        },
        { status: 201 },
      );
    }),
  );
  return posted;
}

describe("the checkout dialog", () => {
  it("shows the price with the upgrade's credit, and the invoice name from the account", async () => {
    mockApi();
    renderWithApp(<CheckoutDialog planId="pro_artist" returnTo="/app/subscriptions" onOpenChange={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Pro Artist: checkout" });
    expect(dialog).toBeTruthy();
    expect(await screen.findByText("Credit for the unused part of your current plan")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Pay ₹799.00" })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText("Name on invoice") as HTMLInputElement).value).toBe("Asha Rao"));
  });

  it("says beside the field what is missing, focuses it, and sends nothing", async () => {
    const posted = mockApi();
    const { user } = renderWithApp(
      <CheckoutDialog planId="pro_artist" returnTo="/app/subscriptions" onOpenChange={() => {}} />,
    );
    await user.click(await screen.findByRole("button", { name: /^Pay / }));
    const state = screen.getByLabelText("Billing state");
    await waitFor(() => expect(document.activeElement).toBe(state));
    expect(state.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(state.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Choose your billing state.",
    );
    expect(posted).toEqual([]);
  });

  it("opens the checkout with the billing details and goes to the test gateway's page", async () => {
    const posted = mockApi({ lastBilling: { billingName: "Rao Records", billingState: "Karnataka", gstin: null } });
    const { user, router } = renderWithApp(
      <CheckoutDialog planId="pro_artist" returnTo="/app/subscriptions" onOpenChange={() => {}} />,
      { path: "/app/subscriptions", routes: ["/app/checkout/test/:ref"] },
    );
    // The last invoice's details fill the form.
    await waitFor(() => expect((screen.getByLabelText("Billing state") as HTMLSelectElement).value).toBe("Karnataka"), {
      timeout: 5000,
    });
    expect((screen.getByLabelText("Name on invoice") as HTMLInputElement).value).toBe("Rao Records");
    await user.click(screen.getByRole("button", { name: /^Pay / }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/checkout/test/sub_test_1"));
    expect(router.state.location.search).toBe("?return=%2Fapp%2Fsubscriptions");
    expect(posted).toEqual([
      { planId: "pro_artist", billing: { billingName: "Rao Records", billingState: "Karnataka", gstin: "" } },
    ]);
  });
});
