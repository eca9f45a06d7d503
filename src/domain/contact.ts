import { z } from "zod";

export const CONTACT_MESSAGES = {
  missingTitle: "Missing Information",
  missing: "Please fill out all fields.",
  invalidEmail: "Please enter a valid email address.",
  sentTitle: "Message Sent!",
  sent: "Thanks for reaching out. We'll get back to you soon.",
  failedTitle: "Submission Failed",
  sending: "Sending...",
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
