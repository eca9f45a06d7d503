import { z } from "zod";
import { t } from "./i18n";

/**
 * The people behind a track besides its artists: who wrote the music and the words, who produced it.
 * Indian collecting societies (IPRS) and stores ask for them; each becomes a DDEX Contributor.
 */
export const CONTRIBUTOR_ROLES = ["composer", "lyricist", "producer"] as const;
export type ContributorRole = (typeof CONTRIBUTOR_ROLES)[number];

const role = (name: ContributorRole) => ({
  get one() {
    return t(`credits.${name}.one`);
  },
  get many() {
    return t(`credits.${name}.many`);
  },
});

export const CONTRIBUTOR_ROLE_LABELS: Record<ContributorRole, { one: string; many: string }> = {
  composer: role("composer"),
  lyricist: role("lyricist"),
  producer: role("producer"),
};

/**
 * How DDEX names each role: a ContributorRole value from the allowed-value sets, never a
 * user-defined one (a store reading "UserDefined/Producer" files the credit nowhere). The plain
 * producer of a recording is DDEX's StudioProducer.
 */
export const DDEX_CONTRIBUTOR_ROLE: Record<ContributorRole, string> = {
  composer: "Composer",
  lyricist: "Lyricist",
  producer: "StudioProducer",
};

/** A remixer is a DDEX Contributor with this role (ERN 4.3 has no Remixer display-artist role). */
export const DDEX_REMIXER_ROLE = "Remixer";

/**
 * A track's credits by person: one entry per name with every role it has, in the order first
 * named (DDEX rule 1030-1: one person is one Contributor however many roles they have).
 */
export function creditsByPerson(contributors: readonly Contributor[]): { name: string; roles: ContributorRole[] }[] {
  const byName = new Map<string, ContributorRole[]>();
  for (const c of contributors) {
    const roles = byName.get(c.name) ?? [];
    if (!roles.includes(c.role)) roles.push(c.role);
    byName.set(c.name, roles);
  }
  return [...byName].map(([name, roles]) => ({ name, roles }));
}

/**
 * The artist line stores display: the main artist, then featured artists after "feat.", joined the
 * way English lists are ("Asha feat. Ravi & Meera"; "Asha feat. Ravi, Meera & Kabir"). The main
 * artist listed again as featured is left out.
 */
export function artistCredit(main: string, featured: readonly string[]): string {
  const others = featured.filter((name) => name !== main);
  if (!others.length) return main;
  const last = others.at(-1);
  const list = others.length === 1 ? last : `${others.slice(0, -1).join(", ")} & ${last}`;
  return `${main} feat. ${list}`;
}

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
