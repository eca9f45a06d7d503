import type { TestClient } from "./test-server";

export const WEST_BENGAL = { billingName: "Asha Rao", billingState: "West Bengal", gstin: "" };
export const MAHARASHTRA = { billingName: "Asha Rao", billingState: "Maharashtra", gstin: "" };

/** Opens a checkout for `planId` (or a release's Introductory Offer) and answers it on the test gateway. */
export async function payOnTestGateway(
  client: TestClient,
  input: { planId: string; releaseId?: string; billing?: typeof WEST_BENGAL },
  outcome: "success" | "failure" = "success",
  method: "upi" | "card" = "upi",
) {
  const started = await client.post("/api/checkouts", { billing: WEST_BENGAL, ...input });
  if (started.status !== 201) throw new Error(`checkout not opened: ${started.status} ${started.text}`);
  const checkout = started.body.checkout as { id: string; gatewayRef: string };
  const paid = await client.post(`/api/test-gateway/checkouts/${checkout.gatewayRef}/pay`, { method, outcome });
  if (paid.status !== 200) throw new Error(`test payment not made: ${paid.status} ${paid.text}`);
  return paid.body as { id: string; status: string; failureReason: string | null; amountPaise: number };
}
