/** The signed-in user as routes see it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "admin" | "artist";
  image: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}
