// What the public pages promise, in one place (issue 33): a claim stays only where the product backs
// it, and says what it is where it is a partner's service or done on request. The store count is the
// configured store list's: the server puts it in place of STORE_COUNT_TOKEN in the pages it serves.

/** Stands for the number of stores we deliver to, in prerendered pages; the server replaces it. */
export const STORE_COUNT_TOKEN = "%STORE_COUNT%";

/** "6", or, where no server filled it in (the dev server), a phrase without a number. */
export function storeCountText(raw: string | undefined): string {
  return raw && /^\d+$/.test(raw) ? raw : "all our";
}

export const CLAIMS = {
  heroIntro: (stores: string) =>
    `Kalrav checks every release automatically before our team reviews it, delivers it to ${stores} streaming stores and platforms, and pays transparent monthly royalties while 100% of your rights stay yours.`,
  globalDistribution: (stores: string) =>
    `Reach listeners on ${stores} stores and platforms we deliver to, from Spotify and Apple Music to JioSaavn and Gaana.`,
  tools:
    "Automated quality checks, smart links with clicks counted per store, and YouTube Content ID and playlist pitching on request, through our partners.",
  closing: "Join independent artists and labels who release with Kalrav.",
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
} as const;

/** The public stats banner (product §1): claims of the business, the store count from the store list. */
export const marketingClaims = (stores: string) =>
  [
    { value: stores, label: "Stores we deliver to" },
    { value: "24 hrs", label: "To go live on major stores" },
    { value: "85%", label: "Royalties you keep, up to" },
    { value: "100%", label: "Of your rights stay yours" },
  ] as const;
