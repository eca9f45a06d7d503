import { z } from "zod";
import { LOCALES } from "./i18n/locales";
import { isHttpUrl } from "./releases";

/** A small file can still describe a huge image (a 20000 × 20000 PNG compresses to kilobytes). */
export const AVATAR_MAX_SIDE = 4096;
const AVATAR_MAX_SIDE_TEXT = `${AVATAR_MAX_SIDE} × ${AVATAR_MAX_SIDE}`;

export const SETTINGS_MESSAGES = {
  profileUpdatedTitle: "Profile Updated",
  profileUpdated: "Your profile has been saved.",
  emailChangeTitle: "Confirm your new e-mail",
  emailChangePassword: "Enter your current password to change your e-mail.",
  emailChange: (email: string) => `We sent a confirmation link to ${email}. Your e-mail changes once you open it.`,
  paymentUpdatedTitle: "Payment Details Updated",
  paymentUpdated: "Your payout details have been saved.",
  preferencesUpdatedTitle: "Preferences Updated",
  preferencesUpdated: "Your notification preferences have been saved.",
  failedTitle: "Update Failed",
  invalidWebsite: "Please enter a website starting with http:// or https://.",
  invalidHandle: "Please enter a handle (letters, numbers, dots and underscores) or a profile link.",
  nameRequired: "Please enter your name.",
  avatarTooLarge: "The picture must be at most 2 MB.",
  avatarTooManyPixels: `The picture must be at most ${AVATAR_MAX_SIDE_TEXT} pixels.`,
  avatarWrongType: "The picture must be a JPG or PNG image.",
  avatarUpdatedTitle: "Profile picture updated",
} as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

const handle = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === "" || isHttpUrl(v) || /^@?[A-Za-z0-9._]{1,30}$/.test(v), SETTINGS_MESSAGES.invalidHandle);

export const profileSchema = z.object({
  name: z.string().trim().min(1, SETTINGS_MESSAGES.nameRequired).max(120),
  bio: z.string().trim().max(1000).default(""),
  website: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === "" || isHttpUrl(v), SETTINGS_MESSAGES.invalidWebsite)
    .default(""),
  instagram: handle.default(""),
  twitter: handle.default(""),
});
export type ProfileInput = z.input<typeof profileSchema>;

export const NOTIFICATION_PREFERENCE_KEYS = [
  "emailReleaseUpdates",
  "emailPaymentUpdates",
  "emailMarketing",
  "pushStreamMilestones",
  "pushPaymentReceived",
  "pushNewFeatures",
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];

/** Spec §3 defaults. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationPreferenceKey, boolean> = {
  emailReleaseUpdates: true,
  emailPaymentUpdates: true,
  emailMarketing: false,
  pushStreamMilestones: true,
  pushPaymentReceived: true,
  pushNewFeatures: false,
};

export const NOTIFICATION_PREFERENCE_LABELS: Record<NotificationPreferenceKey, { label: string; hint: string }> = {
  emailReleaseUpdates: {
    label: "Release updates by e-mail",
    hint: "When a release is approved, rejected or taken down.",
  },
  emailPaymentUpdates: { label: "Payment updates by e-mail", hint: "Statements and payouts." },
  emailMarketing: { label: "News and offers by e-mail", hint: "Occasional product news and promotions." },
  pushStreamMilestones: { label: "Stream milestones", hint: "In-app notices when a release passes a milestone." },
  pushPaymentReceived: { label: "Payment received", hint: "In-app notice when a payout is sent." },
  pushNewFeatures: { label: "New features", hint: "In-app notices about new Kalrav features." },
};

export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((k) => [k, z.boolean()])) as Record<
    NotificationPreferenceKey,
    z.ZodBoolean
  >,
);

/** The language chosen in Settings (issue 39). */
export const languageChoiceSchema = z.object({ locale: z.enum(LOCALES) }).strict();
