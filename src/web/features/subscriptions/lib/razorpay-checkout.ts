import { t } from "#domain/i18n";
/** What Razorpay Checkout hands back on success (its signature is verified on the server). */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

const SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

function loadScript(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error(t("checkout.rzpMissing")));
    };
    script.onerror = () => reject(new Error(t("checkout.rzpFailed")));
    document.head.appendChild(script);
  });
}

/**
 * Opens Razorpay Checkout for a subscription (UPI Autopay or card; no UPI collect for mandates) or an
 * order. Resolves with the signed result, rejects when the person closes it or the payment fails.
 */
export async function openRazorpayCheckout(opts: {
  keyId: string;
  checkoutId: string;
  kind: "subscription" | "order";
  ref: string;
  description: string;
  prefill: { name: string; email?: string };
}): Promise<RazorpaySuccess> {
  const Razorpay = await loadScript();
  return new Promise((resolve, reject) => {
    const rzp = new Razorpay({
      key: opts.keyId,
      ...(opts.kind === "subscription" ? { subscription_id: opts.ref } : { order_id: opts.ref }),
      name: "Kalrav",
      description: opts.description,
      prefill: opts.prefill,
      notes: { checkout_id: opts.checkoutId },
      handler: (response: RazorpaySuccess) => resolve(response),
      modal: { ondismiss: () => reject(new Error(t("checkout.closed"))) },
    });
    rzp.on("payment.failed", (response) => reject(new Error(response.error?.description ?? t("checkout.notThrough"))));
    rzp.open();
  });
}
