import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import type { ScheduledTask } from "#server/jobs/queue";
import type { Encryptor } from "#server/lib/encryption";
import { sendInviteReminders } from "./splits.service";

/** The royalties module's periodic work, once across processes: reminding invited collaborators (hourly). */
export function royaltySchedule(
  deps: Pick<AppDeps, "mailer" | "logger" | "publicUrl"> & { db: Db; encryptor: Encryptor },
): ScheduledTask[] {
  return [{ kind: "invite-reminders", everySeconds: 3600, run: () => sendInviteReminders(deps).then(() => undefined) }];
}
