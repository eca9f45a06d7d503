/** Contact details and hours shown identically in the footer and on the contact page (product §12). */
export const CONTACT = {
  supportEmail: "support@kalrav.in",
  phone: "+91 33 4000 1234",
  address: ["Kalrav Music Distribution", "12 Park Street", "Kolkata, West Bengal 700016", "India"],
  businessHours: "Monday to Saturday, 10 AM to 7 PM IST",
  responseTime: "24-48 business hours",
} as const;

/** Marketing claims of product §1, shown by the public stats banner. Claims, not measurements. */
export const MARKETING_CLAIMS = [
  { value: "150+", label: "Stores and platforms" },
  { value: "24 hrs", label: "To go live on major stores" },
  { value: "85%", label: "Royalties you keep, up to" },
  { value: "100%", label: "Of your rights stay yours" },
] as const;

export const MINIMUM_PAYOUT_PAISE = 50_000;
