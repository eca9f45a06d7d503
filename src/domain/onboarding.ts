import { t } from "./i18n";

/**
 * The first-run checklist on the artist dashboard (issue 21): what a new artist does before their
 * music reaches a store, in order. Each step is ticked from what the artist really has.
 */
const step = <Id extends "plan" | "payout" | "release">(id: Id) => ({
  id,
  get title() {
    return t(`onboarding.${id}.title`);
  },
  get description() {
    return t(`onboarding.${id}.description`);
  },
  get action() {
    return t(`onboarding.${id}.action`);
  },
});

export const ONBOARDING_STEPS = [step("plan"), step("payout"), step("release")] as const;

export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number]["id"];
export type OnboardingProgress = Record<OnboardingStepId, boolean>;

export const ONBOARDING_TEXT = {
  heading: (name: string) => t("onboarding.heading", { name }),
  get intro() {
    return t("onboarding.intro");
  },
  get checklistTitle() {
    return t("onboarding.checklistTitle");
  },
  get done() {
    return t("onboarding.done");
  },
  progress: (done: number, total: number) => t("onboarding.progress", { done, total }),
};

/** A dashboard is "first run" until every step is done. */
export function isFirstRun(progress: OnboardingProgress): boolean {
  return ONBOARDING_STEPS.some((step) => !progress[step.id]);
}
