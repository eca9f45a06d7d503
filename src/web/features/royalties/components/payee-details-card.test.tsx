// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { AUTH_STEP_UP_MESSAGES } from "#domain/auth";
import { PAYOUT_MESSAGES } from "#domain/payouts";
import { api, mockApiForThisFile, renderWithApp } from "#web/test/render";
import { PayeeDetailsCard } from "./payee-details-card";

mockApiForThisFile();

describe("payee details", () => {
  it("asks for the password again when the sign-in is old, then saves the same details with it (issue 34)", async () => {
    const sent: Record<string, unknown>[] = [];
    api.use(
      http.get("*/api/payee-details", () => HttpResponse.json({ details: null })),
      http.put("*/api/payee-details", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.password !== "artist-pass")
          return HttpResponse.json(
            { error: { code: "REAUTH_REQUIRED", message: AUTH_STEP_UP_MESSAGES.passwordNeeded } },
            { status: 403 },
          );
        return HttpResponse.json({
          details: null,
          message: "Checked with the bank: registered to ASHA RAO.",
        });
      }),
    );
    const { user } = renderWithApp(<PayeeDetailsCard />);
    await user.type(await screen.findByLabelText("Legal name (as on PAN)"), "Asha Rao");
    await user.click(screen.getByRole("radio", { name: "UPI" }));
    await user.type(screen.getByRole("textbox", { name: "UPI ID" }), "asha@okaxis");
    await user.click(screen.getByRole("button", { name: "Save and verify" }));

    const dialog = await screen.findByRole("dialog", { name: "Confirm it is you" });
    expect(dialog.textContent).toContain(AUTH_STEP_UP_MESSAGES.passwordNeeded);
    await user.type(screen.getByLabelText(AUTH_STEP_UP_MESSAGES.label), "artist-pass");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).not.toHaveProperty("password");
    expect(sent[1]).toMatchObject({
      legalName: "Asha Rao",
      method: "upi",
      upiId: "asha@okaxis",
      password: "artist-pass",
    });
    expect(await screen.findByText("Checked with the bank: registered to ASHA RAO.")).toBeTruthy();
  });

  it("asks a payee outside India for a bank abroad or PayPal and the tax form, never a PAN; errors beside their fields", async () => {
    const sent: Record<string, unknown>[] = [];
    api.use(
      http.get("*/api/payee-details", () => HttpResponse.json({ details: null })),
      http.put("*/api/payee-details", async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ details: null, message: PAYOUT_MESSAGES.savedAbroad });
      }),
    );
    const { user } = renderWithApp(<PayeeDetailsCard />);
    expect(await screen.findByRole("radio", { name: "In India" })).toHaveProperty("checked", true);
    expect(screen.queryByLabelText("Tax form")).toBeNull();
    await user.click(screen.getByRole("radio", { name: "Outside India" }));
    expect(screen.queryByLabelText(/^PAN/)).toBeNull();
    await user.type(screen.getByLabelText("Legal name (account holder)"), "Jane Doe");
    await user.click(screen.getByRole("radio", { name: "PayPal" }));
    await user.type(screen.getByLabelText("PayPal e-mail"), "jane-at-example");
    await user.click(screen.getByRole("button", { name: "Save Payment Details" }));

    // Nothing is sent; the first field in error has the focus and is described by its message.
    const email = screen.getByLabelText("PayPal e-mail");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      PAYOUT_MESSAGES.badPaypal,
    );
    expect(screen.getByText(PAYOUT_MESSAGES.taxFormRequired)).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(email);
    await user.type(email, "jane@example.com");
    await user.selectOptions(screen.getByLabelText("Tax form"), "w8ben");
    await user.click(screen.getByRole("button", { name: "Save Payment Details" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // Only the chosen residence's fields go: no PAN, IFSC or UPI ID.
    expect(sent[0]).toEqual({
      residence: "abroad",
      legalName: "Jane Doe",
      method: "paypal",
      accountNumber: "",
      routingNumber: "",
      bankName: "",
      paypalEmail: "jane@example.com",
      taxForm: "w8ben",
    });
  });
});
