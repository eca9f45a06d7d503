export const ROLES = ["admin", "artist"] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = "artist";

/** Any role other than admin counts as artist (product §6). */
export function normalizeRole(role: string | null | undefined): Role {
  return role === "admin" ? "admin" : "artist";
}

export function homePathForRole(role: string | null | undefined): string {
  return normalizeRole(role) === "admin" ? "/admin/dashboard" : "/app/dashboard";
}
