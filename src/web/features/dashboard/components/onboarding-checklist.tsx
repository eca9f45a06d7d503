import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { ONBOARDING_STEPS, ONBOARDING_TEXT, type OnboardingProgress, type OnboardingStepId } from "#domain/onboarding";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { paths } from "#web/config/paths";
import { cn } from "#web/lib/cn";

const STEP_LINKS: Record<OnboardingStepId, string> = {
  plan: paths.app.subscriptions,
  payout: `${paths.app.settings}?tab=payment`,
  release: `${paths.app.releases}?new=1`,
};

/** The first-run steps in order, each ticked when done; the next one to do carries the main button. */
export function OnboardingChecklist({ progress }: { progress: OnboardingProgress }) {
  const done = ONBOARDING_STEPS.filter((s) => progress[s.id]).length;
  const next = ONBOARDING_STEPS.find((s) => !progress[s.id]);
  return (
    <Card role="region" aria-labelledby="onboarding-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="onboarding-title" className="text-lg font-semibold">
          {ONBOARDING_TEXT.checklistTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{ONBOARDING_TEXT.progress(done, ONBOARDING_STEPS.length)}</p>
      </div>
      <ol className="mt-4 grid gap-3">
        {ONBOARDING_STEPS.map((step, i) => {
          const isDone = progress[step.id];
          const Icon = isDone ? CheckCircle2 : Circle;
          return (
            <li
              key={step.id}
              className={cn(
                "flex flex-wrap items-center gap-3 rounded-lg border border-border p-4",
                step === next && "border-primary",
              )}
            >
              <Icon
                className={cn(
                  "h-6 w-6 shrink-0",
                  isDone ? "text-green-700 dark:text-green-400" : "text-muted-foreground",
                )}
                aria-hidden
              />
              {/* At least 12rem of text: on a phone the button goes under it instead of squeezing it. */}
              <div className="min-w-0 flex-1 basis-48">
                <h3 className={cn("font-medium", isDone && "text-muted-foreground line-through")}>
                  {i + 1}. {step.title}
                  {isDone && <span className="sr-only"> ({ONBOARDING_TEXT.done})</span>}
                </h3>
                <p className="text-sm text-muted-foreground">{step.description}</p>
              </div>
              {isDone ? (
                <span className="text-sm font-medium text-green-700 dark:text-green-400">{ONBOARDING_TEXT.done}</span>
              ) : (
                <Button asChild variant={step === next ? "default" : "outline"} size="sm">
                  <Link to={STEP_LINKS[step.id]}>{step.action}</Link>
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
