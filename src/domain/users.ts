import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./auth";
import { labelsAt } from "./i18n";
import { ROLES } from "./roles";

export const USER_STATUSES = ["active", "suspended"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ADMIN_USER_MESSAGES = labelsAt("adminUsers.msg", [
  "allRequired",
  "badEmail",
  "unknownRole",
  "passwordTooShort",
  "editRequired",
  "rolesNotLoaded",
  "addFailedTitle",
  "updateFailedTitle",
  "deleteFailedTitle",
  "notSelf",
  "lastAdmin",
  "emailTaken",
  "userCreatedTitle",
  "userUpdatedTitle",
  "userDeletedTitle",
]);

export const addUserSchema = z
  .object({
    name: z.string().trim().max(120),
    email: z.string().trim().toLowerCase().max(254),
    role: z.string().trim().max(20),
    password: z.string().max(128),
  })
  .superRefine((v, ctx) => {
    if (!v.name || !v.email || !v.role || !v.password) {
      ctx.addIssue({ code: "custom", message: ADMIN_USER_MESSAGES.allRequired, path: [] });
      return;
    }
    if (v.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", message: ADMIN_USER_MESSAGES.passwordTooShort, path: ["password"] });
      return;
    }
    if (!z.email().safeParse(v.email).success)
      ctx.addIssue({ code: "custom", message: ADMIN_USER_MESSAGES.badEmail, path: ["email"] });
    if (!(ROLES as readonly string[]).includes(v.role))
      ctx.addIssue({ code: "custom", message: ADMIN_USER_MESSAGES.unknownRole, path: ["role"] });
  });

export const editUserSchema = z
  .object({
    name: z.string().trim().max(120),
    email: z.string().trim().toLowerCase().max(254),
    role: z.string().trim().max(20),
  })
  .superRefine((v, ctx) => {
    if (!v.name || !v.email || !v.role) {
      ctx.addIssue({ code: "custom", message: ADMIN_USER_MESSAGES.editRequired, path: [] });
      return;
    }
    if (!z.email().safeParse(v.email).success)
      ctx.addIssue({ code: "custom", message: ADMIN_USER_MESSAGES.badEmail, path: ["email"] });
    if (!(ROLES as readonly string[]).includes(v.role))
      ctx.addIssue({ code: "custom", message: ADMIN_USER_MESSAGES.unknownRole, path: ["role"] });
  });
