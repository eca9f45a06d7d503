import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import type { ScheduledTask } from "#server/jobs/queue";
import type { Encryptor } from "#server/lib/encryption";
import type { Payouts } from "#server/lib/payout-provider";
import { refreshQuietPayouts } from "./payouts.service";

/**
 * The payouts module's periodic work, once across processes: asking the payout provider about payouts
 * it has had a while without a word (every five minutes: a lost webhook, or a process killed before
 * the built-in provider sent it).
 */
export function payoutSchedule(
  deps: Pick<AppDeps, "mailer" | "logger" | "publicUrl"> & { db: Db; encryptor: Encryptor; payouts: () => Payouts },
): ScheduledTask[] {
  return [
    {
      kind: "payout-refresh",
      everySeconds: 300,
      run: async () => {
        const settled = await refreshQuietPayouts({ ...deps, payouts: deps.payouts() });
        if (settled) deps.logger.info({ payouts: settled }, "payouts settled from the provider's answer");
      },
    },
  ];
}
