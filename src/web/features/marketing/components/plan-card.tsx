import { Check } from "lucide-react";
import { Link } from "react-router";
import { formatInr } from "#domain/money";
import type { Plan } from "#domain/plans";
import { Button } from "#web/components/ui/button";
import { cn } from "#web/lib/cn";
import { useT } from "#web/lib/i18n";

export function PlanCard({
  plan,
  cta,
  to,
  current = false,
}: {
  plan: Plan;
  cta: string;
  to: string;
  /** The signed-in artist's plan: the button reads Current Plan and is disabled. */
  current?: boolean;
}) {
  const t = useT();
  return (
    <article
      className={cn(
        "relative flex flex-col rounded-xl border bg-card p-6 shadow-sm",
        plan.popular ? "border-primary ring-2 ring-primary" : "border-border",
      )}
    >
      {(plan.popular || plan.badge) && (
        <p className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
          {plan.popular ? t("plan.mostPopular") : plan.badge}
        </p>
      )}
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{plan.summary}</p>
      <p className="mt-4">
        <span className="text-3xl font-bold">{formatInr(plan.pricePaise)}</span>{" "}
        <span className="text-sm text-muted-foreground">{plan.priceUnit}</span>
      </p>
      <ul className="mt-4 grid flex-1 gap-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      {current ? (
        <Button className="mt-6" disabled>
          {t("plan.current")}
        </Button>
      ) : (
        <Button asChild className="mt-6" variant={plan.popular ? "default" : "outline"}>
          <Link to={to} aria-label={t("plan.ctaLabel", { cta, plan: plan.name })}>
            {cta}
          </Link>
        </Button>
      )}
    </article>
  );
}
