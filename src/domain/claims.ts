// What the public pages promise (issue 33): a claim stays only where the product backs it, and says
// what it is where it is a partner's service or done on request. Their words are in the catalogues
// (src/domain/i18n: "home.*", "features.*"), in every language. The store count is the
// configured store list's: the server puts it in place of STORE_COUNT_TOKEN in the pages it serves.
import { t } from "./i18n";

/** Stands for the number of stores we deliver to, in prerendered pages; the server replaces it. */
export const STORE_COUNT_TOKEN = "%STORE_COUNT%";

/** "6", or, where no server filled it in (the dev server), a phrase without a number. */
export function storeCountText(raw: string | undefined): string {
  return raw && /^\d+$/.test(raw) ? raw : t("stores.all");
}

/** The public stats banner (product §1): claims of the business, the store count from the store list. */
export const marketingClaims = (stores: string) =>
  [
    { value: stores, label: t("stats.stores") },
    { value: t("stats.liveValue"), label: t("stats.live") },
    { value: "85%", label: t("stats.royalties") },
    { value: "100%", label: t("stats.rights") },
  ] as const;
