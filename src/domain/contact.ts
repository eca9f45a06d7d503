import { z } from "zod";
import { t } from "./i18n";

export const CONTACT_MESSAGES = {
  get missingTitle() {
    return t("contact.msg.missingTitle");
  },
  get missing() {
    return t("contact.msg.missing");
  },
  get invalidEmail() {
    return t("contact.msg.invalidEmail");
  },
  get sentTitle() {
    return t("contact.msg.sentTitle");
  },
  get sent() {
    return t("contact.msg.sent");
  },
  get failedTitle() {
    return t("contact.msg.failedTitle");
  },
  get sending() {
    return t("contact.msg.sending");
  },
} as const;

/** All four fields first (product §5), then the e-mail's form. */
export const contactMessageSchema = z
  .object({
    name: z.string().trim().max(120),
    email: z.string().trim().max(254),
    subject: z.string().trim().max(200),
    message: z.string().trim().max(5000),
  })
  .superRefine((value, ctx) => {
    if (!value.name || !value.email || !value.subject || !value.message) {
      ctx.addIssue({ code: "custom", message: CONTACT_MESSAGES.missing, path: [] });
      return;
    }
    if (!z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: "custom", message: CONTACT_MESSAGES.invalidEmail, path: ["email"] });
    }
  });
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
