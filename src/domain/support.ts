import { z } from "zod";
import { CONTACT, MINIMUM_PAYOUT_PAISE } from "./business";
import { formatInr } from "./money";

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 5000;

export const SUPPORT_MESSAGES = {
  ticketMissing: "Please provide both a subject and description.",
  publicTicketMissingTitle: "Missing Information",
  publicTicketMissing: "Please provide both a subject and description for your ticket.",
  mustBeSignedIn: "You must be logged in to submit a ticket.",
  ticketSubmittedTitle: "Ticket Submitted!",
  ticketSubmitted: (number: number) =>
    `Your ticket #${number} has been received. Our support team will get back to you shortly.`,
  submissionFailed: "Submission Failed",
  faqEmpty: "No FAQs found matching your search term.",
  submitting: "Submitting Ticket...",
  loadFailed: "Could not load your support tickets.",
} as const;

export const createTicketSchema = z.object({
  subject: z.string().trim().min(1, SUPPORT_MESSAGES.ticketMissing).max(TICKET_SUBJECT_MAX),
  description: z.string().trim().min(1, SUPPORT_MESSAGES.ticketMissing).max(TICKET_DESCRIPTION_MAX),
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** The FAQ, with our settled constants (product §12): payout minimum in INR, one response time. */
export const FAQ: readonly FaqItem[] = [
  {
    id: "how-long",
    question: "How long does it take for my music to go live?",
    answer:
      "Most releases are live on major stores within 2-5 business days after approval; some smaller stores take up to 1-2 weeks. Submit at least 4 weeks before your release date to give time for pitching (custom release dates come with the Pro Artist and Label plans).",
  },
  {
    id: "rights",
    question: "Do I keep the rights to my music?",
    answer: "Yes. You keep 100% of your rights and can take your music down whenever you want.",
  },
  {
    id: "royalties",
    question: "How much of my royalties do I keep?",
    answer:
      "It depends on your plan: 60% on the Introductory Offer, 80% on Basic Artist and 85% on Pro Artist and the Label Plan.",
  },
  {
    id: "payouts",
    question: "When and how do I get paid?",
    answer: `Stores report earnings with a delay of 2-3 months. We pay monthly, around the 15th, for earnings reported two months earlier, by bank transfer in India or PayPal internationally. The minimum payout is ${formatInr(MINIMUM_PAYOUT_PAISE)}.`,
  },
  {
    id: "lapse",
    question: "What happens to my music if I stop paying?",
    answer:
      "Nothing is taken down for non-payment. When a plan lapses (a renewal that fails after the gateway's retries, a cancelled plan whose year has ended), your live releases stay live and keep earning royalties. New releases and plan-only features wait until you pay again, and we tell you so on screen and by e-mail.",
  },
  {
    id: "paying",
    question: "How do I pay, and do prices include GST?",
    answer:
      "By UPI (Autopay for yearly plans), credit or debit card. Every price on the site includes GST at 18%: what you see is what you pay, and the GST tax invoice for each payment is in Manage Billing. Upgrading mid-year credits the unused part of your plan; a downgrade starts at your renewal.",
  },
  {
    id: "audio",
    question: "Which audio files do you accept?",
    answer:
      "WAV or FLAC, 16 or 24-bit, 44.1 kHz or higher, stereo. Files must be publicly accessible direct links or uploaded files.",
  },
  {
    id: "artwork",
    question: "What are the artwork requirements?",
    answer:
      "A perfect square between 3000x3000 and 6000x6000 pixels, JPG or PNG, RGB colour, with no URLs, social handles or store logos.",
  },
  {
    id: "stores",
    question: "Which stores and platforms do you deliver to?",
    answer:
      "Spotify, Apple Music, YouTube Music, Amazon Music, JioSaavn, Gaana, Wynk and many more: over 150 stores and platforms worldwide on the Pro Artist plan.",
  },
  {
    id: "support",
    question: "How do I reach support?",
    answer: `Open a ticket from your dashboard or write to ${CONTACT.supportEmail}. Our typical response time is within ${CONTACT.responseTime}.`,
  },
];

/** Case-insensitive search over questions and answers. */
export function searchFaq(items: readonly FaqItem[], term: string): FaqItem[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => `${item.question} ${item.answer}`.toLowerCase().includes(needle));
}
