import { z } from "zod";

/**
 * The people behind a track besides its artists: who wrote the music and the words, who produced it.
 * Indian collecting societies (IPRS) and stores ask for them; each becomes a DDEX Contributor.
 */
export const CONTRIBUTOR_ROLES = ["composer", "lyricist", "producer"] as const;
export type ContributorRole = (typeof CONTRIBUTOR_ROLES)[number];

export const CONTRIBUTOR_ROLE_LABELS: Record<ContributorRole, { one: string; many: string }> = {
  composer: { one: "Composer", many: "Composers" },
  lyricist: { one: "Lyricist", many: "Lyricists" },
  producer: { one: "Producer", many: "Producers" },
};

/**
 * How DDEX names each role: its ContributorRole value, or a user-defined value where the allowed
 * values have none (ERN 4.3 lists many kinds of producer but not the plain "Producer").
 */
export const DDEX_CONTRIBUTOR_ROLE: Record<ContributorRole, { value: string; userDefined?: string }> = {
  composer: { value: "Composer" },
  lyricist: { value: "Lyricist" },
  producer: { value: "UserDefined", userDefined: "Producer" },
};

export const MAX_CONTRIBUTORS = 30;

export const contributorSchema = z.object({
  name: z.string().trim().min(1).max(200),
  role: z.enum(CONTRIBUTOR_ROLES),
});
export type Contributor = z.infer<typeof contributorSchema>;

/**
 * The language sung or spoken on the release (IETF codes, as DDEX's LanguageOfPerformance takes
 * them): India's main music languages first; "zxx" is an instrumental.
 */
export const PERFORMANCE_LANGUAGES = [
  ["hi", "Hindi"],
  ["en", "English"],
  ["bn", "Bengali"],
  ["ta", "Tamil"],
  ["te", "Telugu"],
  ["mr", "Marathi"],
  ["pa", "Punjabi"],
  ["gu", "Gujarati"],
  ["kn", "Kannada"],
  ["ml", "Malayalam"],
  ["or", "Odia"],
  ["as", "Assamese"],
  ["ur", "Urdu"],
  ["bho", "Bhojpuri"],
  ["raj", "Rajasthani"],
  ["ne", "Nepali"],
  ["sa", "Sanskrit"],
  ["zxx", "Instrumental (no lyrics)"],
] as const;
export type PerformanceLanguage = (typeof PERFORMANCE_LANGUAGES)[number][0];
export const PERFORMANCE_LANGUAGE_CODES = PERFORMANCE_LANGUAGES.map(([code]) => code) as [
  PerformanceLanguage,
  ...PerformanceLanguage[],
];

/** "" (not said) or one of the languages above. */
export const performanceLanguageSchema = z.union([z.literal(""), z.enum(PERFORMANCE_LANGUAGE_CODES)]).default("");

/** The language's name for people, or "—" when not said. */
export function languageLabel(code: string | null | undefined): string {
  return PERFORMANCE_LANGUAGES.find(([c]) => c === code)?.[1] ?? "—";
}
