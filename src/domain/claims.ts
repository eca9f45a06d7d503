// What the public pages promise, in one place (issue 33): a claim stays only where the product backs
// it, and says what it is where it is a partner's service or done on request. The store count is the
// configured store list's: the server puts it in place of STORE_COUNT_TOKEN in the pages it serves.
import { t } from "./i18n";

/** Stands for the number of stores we deliver to, in prerendered pages; the server replaces it. */
export const STORE_COUNT_TOKEN = "%STORE_COUNT%";

/** "6", or, where no server filled it in (the dev server), a phrase without a number. */
export function storeCountText(raw: string | undefined): string {
  return raw && /^\d+$/.test(raw) ? raw : t("stores.all");
}

export const CLAIMS = {
  storesTitle: (stores: string) => `${stores} Stores and Platforms`,
  storesText: (stores: string) =>
    `One upload reaches every store we deliver to (${stores} today): Spotify, Apple Music, YouTube Music, Amazon Music, JioSaavn and Gaana, with India's services first in line.`,
  contentIdTitle: "YouTube Content ID, on request",
  contentId:
    "Ask us and we register your music with YouTube Content ID through our partner, so you can collect when your music is used in videos. Included with Pro Artist on request.",
  pitchingTitle: "Playlist Pitching, on request",
  pitching:
    "Tell us about an upcoming release (story, mood, genre) and our team pitches it to editorial curators we work with. Release four weeks ahead to give them time.",
  labelTitle: "Label Plan",
  label:
    "The Label Plan is priced for up to five artist profiles. Team accounts with roles and bulk release tools are being built; until then, one login runs the label's releases.",
  fanTitle: "Release Pages and Smart Links",
  fan: "Each release gets a public page with a button for every store where it is live, and clicks are counted per store.",
  releaseDatesTitle: "Release Dates",
  releaseDates: "Choose your release date; stores receive it ahead of the day, scheduled to go live on it.",
};

/** The public stats banner (product §1): claims of the business, the store count from the store list. */
export const marketingClaims = (stores: string) =>
  [
    { value: stores, label: t("stats.stores") },
    { value: t("stats.liveValue"), label: t("stats.live") },
    { value: "85%", label: t("stats.royalties") },
    { value: "100%", label: t("stats.rights") },
  ] as const;
