import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { formatInr } from "#domain/money";
import { PLANS } from "#domain/plans";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { useTestCheckout } from "#web/features/subscriptions/api/get-test-checkout";
import { useTestPay } from "#web/features/subscriptions/api/pay-test-checkout";
import { GstLines } from "#web/features/subscriptions/components/gst-lines";
import { useT } from "#web/lib/i18n";

/** Only a path inside the app is a place to return to. */
const safeReturn = (value: string | null) => (value?.startsWith("/app/") ? value : "/app/subscriptions");

/**
 * The built-in test gateway's checkout page (the default when no Razorpay keys are set). It says what
 * it is, shows the amount with its GST, and lets the person pay by UPI or card, or fail: the gateway
 * then sends the app a signed webhook, exactly as Razorpay would.
 */
export function TestCheckoutPage() {
  const t = useT();
  usePageMeta(t("testPay.title"));
  const { ref = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const checkout = useTestCheckout(ref);
  const pay = useTestPay();
  const [method, setMethod] = useState<"upi" | "card">("upi");
  const back = safeReturn(params.get("return"));

  const finish = async (outcome: "success" | "failure") => {
    try {
      const after = await pay.mutateAsync({ ref, method, outcome });
      navigate(`${back}${back.includes("?") ? "&" : "?"}checkout=${after.id}`, { replace: true });
    } catch (err) {
      toast({ title: t("testPay.failed"), description: (err as Error).message, variant: "destructive" });
    }
  };

  return (
    <div className="mx-auto grid max-w-lg gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("testPay.title")}</h1>
      <p role="note" className="rounded-lg border border-amber-500/60 bg-amber-500/10 p-3 text-sm">
        {t("testPay.notice")}
      </p>
      {checkout.isPending ? (
        <Skeleton className="h-48" />
      ) : checkout.isError ? (
        <p role="alert">
          {checkout.error.message} <Link to={back}>{t("testPay.back")}</Link>
        </p>
      ) : checkout.data.status !== "open" ? (
        <p role="alert">
          {t("testPay.closed")} <Link to={back}>{t("testPay.back")}</Link>
        </p>
      ) : (
        <Card>
          <h2 className="text-lg font-semibold">
            {checkout.data.purpose === "plan"
              ? t("testPay.planYear", { plan: PLANS[checkout.data.planId].name })
              : t("testPay.oneRelease", { plan: PLANS.introductory.name })}
          </h2>
          <p className="mt-2 text-3xl font-bold">{formatInr(checkout.data.amountPaise, { decimals: true })}</p>
          <p className="text-sm text-muted-foreground">
            {t("testPay.billedTo", { name: checkout.data.billingName, state: checkout.data.billingState })}
          </p>
          <GstLines gst={checkout.data.gst} />
          <fieldset className="mt-4 grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t("testPay.payBy")}</legend>
            {(
              [
                ["upi", "UPI"],
                ["card", t("billing.method.card")],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="method"
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <div className="mt-6 flex flex-wrap gap-2">
            <Button disabled={pay.isPending} onClick={() => finish("success")}>
              {pay.isPending
                ? t("subscription.msg.processing")
                : t("testPay.pay", { amount: formatInr(checkout.data.amountPaise, { decimals: true }) })}
            </Button>
            <Button variant="outline" disabled={pay.isPending} onClick={() => finish("failure")}>
              {t("testPay.fail")}
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
}
