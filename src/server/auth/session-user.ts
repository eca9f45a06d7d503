/** The signed-in user as routes see it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "admin" | "artist";
  image: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** When this session signed in (not when it was last refreshed): money-moving changes ask again after a while. */
  signedInAt: Date;
}
