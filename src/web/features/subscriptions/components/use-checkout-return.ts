import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { t } from "#domain/i18n";
import { PAYMENT_MESSAGES } from "#domain/payments";
import { PLANS } from "#domain/plans";
import { SUBSCRIPTION_MESSAGES } from "#domain/subscriptions";
import { toast } from "#web/components/ui/toast";
import { useCheckoutStatus, useRefreshAfterPayment } from "#web/features/subscriptions/api/get-checkout";

/**
 * After a checkout (`?checkout=<id>` in the address), waits for the payment's confirmation: the
 * status is asked every second; the plan or release changes on screen only once it is confirmed, with
 * the confirmation toast, or a failure says why and changes nothing.
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const id = params.get("checkout");
  const status = useCheckoutStatus(id);
  const refresh = useRefreshAfterPayment();
  const told = useRef<string | null>(null);
  const checkout = status.data;

  useEffect(() => {
    if (!id || !checkout || checkout.status === "open" || told.current === id) return;
    told.current = id;
    if (checkout.status === "paid") {
      void refresh();
      toast(
        checkout.purpose === "plan"
          ? {
              title: SUBSCRIPTION_MESSAGES.updatedTitle,
              description: SUBSCRIPTION_MESSAGES.updated(PLANS[checkout.planId].name),
            }
          : { title: t("checkout.releasePaidTitle"), description: t("checkout.releasePaid") },
      );
    } else {
      toast({
        title: t("checkout.failedTitle"),
        description: checkout.failureReason ?? PAYMENT_MESSAGES.paymentFailed,
        variant: "destructive",
      });
    }
    const next = new URLSearchParams(params);
    next.delete("checkout");
    setParams(next, { replace: true });
  }, [id, checkout, params, setParams, refresh]);

  return { waiting: Boolean(id) && (!checkout || checkout.status === "open"), checkout: id ? checkout : undefined };
}
