/**
 * Artist profiles (issue 35): an artist is an entity of a workspace with its identities at the
 * stores, not a name typed on each release.
 */
import { z } from "zod";
import { labelsAt, t } from "./i18n";
import { titleScriptProblem } from "./scripts";

export const ARTIST_NAME_MAX = 100;
export const ARTIST_BIO_MAX = 500;
export const ARTIST_LINKS_MAX = 5;

/**
 * How a release or track credits a profile: its main artist (DDEX DisplayArtist MainArtist), a
 * featured artist (FeaturedArtist), or its remixer (a Contributor with the role Remixer: ERN 4.3's
 * display-artist roles have none).
 */
export const ARTIST_CREDIT_ROLES = ["primary", "featured", "remixer"] as const;
export type ArtistCreditRole = (typeof ARTIST_CREDIT_ROLES)[number];

/** Names equal but for case and surrounding spaces are one artist (as the profiles' unique index says). */
export const artistNameKey = (name: string) => name.trim().toLowerCase();

/** spotify:artist:<22 base-62 characters>; also taken as an open.spotify.com link, and stored as the URI. */
const SPOTIFY_URI = /^spotify:artist:([0-9A-Za-z]{22})$/;
const SPOTIFY_LINK = /^https:\/\/open\.spotify\.com\/(?:intl-[a-z-]+\/)?artist\/([0-9A-Za-z]{22})(?:[/?#].*)?$/;
/** Apple Music artist ids are numbers (the last part of music.apple.com/…/artist/name/<id>). */
const APPLE_ID = /^\d{5,12}$/;
const APPLE_LINK = /^https:\/\/music\.apple\.com\/[a-z]{2}\/artist\/[^/]+\/(\d{5,12})(?:[?#].*)?$/;
/**
 * Spotify's Artist Profile Protection key as the artist copies it from Spotify for Artists. Its
 * published shape is not known to us; we accept 16–128 letters, digits, dashes and underscores, which
 * catches a pasted sentence or URL without guessing more (decision 031).
 */
const APP_KEY = /^[A-Za-z0-9_-]{16,128}$/;

export const ARTIST_MESSAGES = Object.assign(
  labelsAt("artist.msg", [
    "nameRequired",
    "nameLatinRequired",
    "nameLatinLabel",
    "badLink",
    "badImage",
    "badSpotify",
    "badApple",
    "badAppKey",
    "newWithIds",
    "duplicate",
    "notFound",
    "inUse",
  ]),
  {
    get nameLong() {
      return t("artist.msg.nameLong", { max: ARTIST_NAME_MAX });
    },
    get bioLong() {
      return t("artist.msg.bioLong", { max: ARTIST_BIO_MAX });
    },
    get tooManyLinks() {
      return t("artist.msg.tooManyLinks", { max: ARTIST_LINKS_MAX });
    },
    limit: (planName: string, limit: number) => t("artist.msg.limit", { plan: planName, limit }),
    downgrade: (held: number, planName: string, limit: number) =>
      t("artist.msg.downgrade", { held, plan: planName, limit, extra: held - limit }),
  },
);

const normalisedSpotify = (value: string) => {
  const id = SPOTIFY_URI.exec(value)?.[1] ?? SPOTIFY_LINK.exec(value)?.[1];
  return id ? `spotify:artist:${id}` : null;
};
const normalisedApple = (value: string) => (APPLE_ID.test(value) ? value : (APPLE_LINK.exec(value)?.[1] ?? null));

const optionalText = z
  .string()
  .trim()
  .transform((v) => v || null)
  .nullable()
  .optional();

/** What the artist form sends. `appKey`: a new key, null to remove it, absent to keep it (write-only). */
export const artistInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: () => ARTIST_MESSAGES.nameRequired })
      .max(ARTIST_NAME_MAX, { error: () => ARTIST_MESSAGES.nameLong }),
    // The name as stores also show it, in Latin letters: asked for when the name is in an Indian script.
    nameLatin: z
      .string()
      .trim()
      .max(ARTIST_NAME_MAX, { error: () => ARTIST_MESSAGES.nameLong })
      .default(""),
    imageUrl: optionalText.refine((v) => !v || /^https:\/\/\S+$/.test(v), { error: () => ARTIST_MESSAGES.badImage }),
    bio: optionalText.refine((v) => !v || v.length <= ARTIST_BIO_MAX, { error: () => ARTIST_MESSAGES.bioLong }),
    links: z
      .array(
        z
          .string()
          .trim()
          .regex(/^https:\/\/\S+$/, { error: () => ARTIST_MESSAGES.badLink }),
      )
      .max(ARTIST_LINKS_MAX, { error: () => ARTIST_MESSAGES.tooManyLinks })
      .default([]),
    newToStores: z.boolean().default(false),
    spotifyArtistUri: optionalText.transform((v, ctx) => {
      if (!v) return null;
      const uri = normalisedSpotify(v);
      if (!uri) ctx.addIssue({ code: "custom", message: ARTIST_MESSAGES.badSpotify });
      return uri;
    }),
    appleMusicArtistId: optionalText.transform((v, ctx) => {
      if (!v) return null;
      const id = normalisedApple(v);
      if (!id) ctx.addIssue({ code: "custom", message: ARTIST_MESSAGES.badApple });
      return id;
    }),
    appKey: z
      .string()
      .trim()
      .regex(APP_KEY, { error: () => ARTIST_MESSAGES.badAppKey })
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    // The stores' style rules for a name in its own script, as for titles: its Latin form, one script.
    const script = titleScriptProblem(v.name, v.nameLatin);
    if (script) {
      const message =
        script.field === "titleLatin" && !v.nameLatin.trim() ? ARTIST_MESSAGES.nameLatinRequired : script.message;
      ctx.addIssue({ code: "custom", path: [script.field === "title" ? "name" : "nameLatin"], message });
    }
    if (v.newToStores && (v.spotifyArtistUri || v.appleMusicArtistId)) {
      ctx.addIssue({ code: "custom", path: ["newToStores"], message: ARTIST_MESSAGES.newWithIds });
    }
  });
export type ArtistInput = z.input<typeof artistInputSchema>;
export type ArtistData = z.output<typeof artistInputSchema>;
