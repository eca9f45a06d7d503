import { t } from "./i18n";

/** Contact details and hours shown identically in the footer and on the contact page (product §12). */
export const CONTACT = {
  supportEmail: "support@kalrav.in",
  phone: "+91 33 4000 1234",
  address: ["Kalrav Music Distribution", "12 Park Street", "Kolkata, West Bengal 700016", "India"],
  get businessHours() {
    return t("footer.hours");
  },
  get responseTime() {
    return t("contact.responseTime");
  },
};

export const MINIMUM_PAYOUT_PAISE = 50_000;
