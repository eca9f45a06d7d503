/**
 * The first-run checklist on the artist dashboard (issue 21): what a new artist does before their
 * music reaches a store, in order. Each step is ticked from what the artist really has.
 */
export const ONBOARDING_STEPS = [
  {
    id: "plan",
    title: "Choose and pay for a plan",
    description: "A paid plan sends your approved releases to the stores.",
    action: "Choose a Plan",
  },
  {
    id: "payout",
    title: "Add your payout details",
    description: "Tell us where to pay your royalties.",
    action: "Add Payout Details",
  },
  {
    id: "release",
    title: "Upload your first release",
    description: "Your audio, cover and details; we check the files and review it.",
    action: "Upload a Release",
  },
] as const;

export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number]["id"];
export type OnboardingProgress = Record<OnboardingStepId, boolean>;

export const ONBOARDING_TEXT = {
  heading: (name: string) => `Welcome to Kalrav, ${name}!`,
  intro: "Three steps and your music is on its way to the stores.",
  checklistTitle: "Get started",
  done: "Done",
  progress: (done: number, total: number) => `${done} of ${total} done`,
} as const;

/** A dashboard is "first run" until every step is done. */
export function isFirstRun(progress: OnboardingProgress): boolean {
  return ONBOARDING_STEPS.some((step) => !progress[step.id]);
}
