import { DEFAULT_LOCALE, isLocale, type Locale } from "#domain/i18n/locales";
import type { WorkspaceRole } from "#domain/workspaces";

/** The workspace a signed-in person acts in, with their role there (issue 35). */
export interface ActiveWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
  /** The artist profiles the member is limited to; null: all of the workspace's. */
  artistScope: string[] | null;
}

/** The signed-in user as routes see it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "admin" | "artist";
  image: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** The language they read Kalrav in (issue 39). */
  locale: Locale;
  /** When this session signed in (not when it was last refreshed): money-moving changes ask again after a while. */
  signedInAt: Date;
  /**
   * The workspace chosen in the top bar (a cookie) when they are still a member of it, else their
   * personal one, else the first they joined; null when they belong to none.
   */
  workspace: ActiveWorkspace | null;
}

/** The language a user chose, as the auth library hands the user over. */
export function userLocale(user: object): Locale {
  const locale = (user as { locale?: unknown }).locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}
