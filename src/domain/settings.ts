import { z } from "zod";
import { t } from "./i18n";
import { LOCALES } from "./i18n/locales";
import { isHttpUrl } from "./releases";

/** A small file can still describe a huge image (a 20000 × 20000 PNG compresses to kilobytes). */
export const AVATAR_MAX_SIDE = 4096;
const AVATAR_MAX_SIDE_TEXT = `${AVATAR_MAX_SIDE} × ${AVATAR_MAX_SIDE}`;

export const SETTINGS_MESSAGES = {
  get profileUpdatedTitle() {
    return t("settings.msg.profileUpdatedTitle");
  },
  get profileUpdated() {
    return t("settings.msg.profileUpdated");
  },
  get emailChangeTitle() {
    return t("settings.msg.emailChangeTitle");
  },
  get emailChangePassword() {
    return t("settings.msg.emailChangePassword");
  },
  emailChange: (email: string) => t("settings.msg.emailChange", { email }),
  get paymentUpdatedTitle() {
    return t("settings.msg.paymentUpdatedTitle");
  },
  get paymentUpdated() {
    return t("settings.msg.paymentUpdated");
  },
  get preferencesUpdatedTitle() {
    return t("settings.msg.preferencesUpdatedTitle");
  },
  get preferencesUpdated() {
    return t("settings.msg.preferencesUpdated");
  },
  get failedTitle() {
    return t("settings.msg.failedTitle");
  },
  get invalidWebsite() {
    return t("settings.msg.invalidWebsite");
  },
  get invalidHandle() {
    return t("settings.msg.invalidHandle");
  },
  get nameRequired() {
    return t("settings.msg.nameRequired");
  },
  get avatarTooLarge() {
    return t("settings.msg.avatarTooLarge");
  },
  get avatarTooManyPixels() {
    return t("settings.msg.avatarTooManyPixels", { side: AVATAR_MAX_SIDE_TEXT });
  },
  get avatarWrongType() {
    return t("settings.msg.avatarWrongType");
  },
  get avatarUpdatedTitle() {
    return t("settings.msg.avatarUpdatedTitle");
  },
} as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

const handle = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === "" || isHttpUrl(v) || /^@?[A-Za-z0-9._]{1,30}$/.test(v), {
    error: () => SETTINGS_MESSAGES.invalidHandle,
  });

export const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => SETTINGS_MESSAGES.nameRequired })
    .max(120),
  bio: z.string().trim().max(1000).default(""),
  website: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === "" || isHttpUrl(v), { error: () => SETTINGS_MESSAGES.invalidWebsite })
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

/** Each preference's label and hint, in the active language. */
export const NOTIFICATION_PREFERENCE_LABELS: Readonly<
  Record<NotificationPreferenceKey, { readonly label: string; readonly hint: string }>
> = Object.fromEntries(
  NOTIFICATION_PREFERENCE_KEYS.map((key) => [
    key,
    {
      get label() {
        return t(`prefs.${key}.label`);
      },
      get hint() {
        return t(`prefs.${key}.hint`);
      },
    },
  ]),
) as Record<NotificationPreferenceKey, { label: string; hint: string }>;

export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((k) => [k, z.boolean()])) as Record<
    NotificationPreferenceKey,
    z.ZodBoolean
  >,
);

/** The language chosen in Settings (issue 39). */
export const languageChoiceSchema = z.object({ locale: z.enum(LOCALES) }).strict();
