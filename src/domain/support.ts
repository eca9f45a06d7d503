import { z } from "zod";
import { CONTACT, MINIMUM_PAYOUT_PAISE } from "./business";
import { t } from "./i18n";
import { formatInr } from "./money";

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 5000;

export const SUPPORT_MESSAGES = {
  get ticketMissing() {
    return t("support.msg.ticketMissing");
  },
  get publicTicketMissingTitle() {
    return t("support.msg.publicTicketMissingTitle");
  },
  get publicTicketMissing() {
    return t("support.msg.publicTicketMissing");
  },
  get mustBeSignedIn() {
    return t("support.msg.mustBeSignedIn");
  },
  get ticketSubmittedTitle() {
    return t("support.msg.ticketSubmittedTitle");
  },
  ticketSubmitted: (number: number) => t("support.msg.ticketSubmitted", { number }),
  get submissionFailed() {
    return t("support.msg.submissionFailed");
  },
  get faqEmpty() {
    return t("support.msg.faqEmpty");
  },
  get submitting() {
    return t("support.msg.submitting");
  },
  get loadFailed() {
    return t("support.msg.loadFailed");
  },
} as const;

export const createTicketSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, { error: () => SUPPORT_MESSAGES.ticketMissing })
    .max(TICKET_SUBJECT_MAX),
  description: z
    .string()
    .trim()
    .min(1, { error: () => SUPPORT_MESSAGES.ticketMissing })
    .max(TICKET_DESCRIPTION_MAX),
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** The FAQ's questions, in their order; their words are in the catalogues ("faq.<id>.question", ".answer"). */
const FAQ_IDS = [
  "how-long",
  "rights",
  "royalties",
  "payouts",
  "lapse",
  "paying",
  "audio",
  "artwork",
  "stores",
  "support",
] as const;

/** The FAQ, with our settled constants (product §12): payout minimum in INR, one response time. */
export const FAQ: readonly FaqItem[] = FAQ_IDS.map((id) => ({
  id,
  get question() {
    return t(`faq.${id}.question`);
  },
  get answer() {
    return t(`faq.${id}.answer`, {
      minimum: formatInr(MINIMUM_PAYOUT_PAISE),
      email: CONTACT.supportEmail,
      responseTime: CONTACT.responseTime,
    });
  },
}));

/** Case-insensitive search over questions and answers. */
export function searchFaq(items: readonly FaqItem[], term: string): FaqItem[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => `${item.question} ${item.answer}`.toLowerCase().includes(needle));
}
