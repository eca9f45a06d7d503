import { useMutation } from "@tanstack/react-query";
import { type Answer, call, client } from "#web/lib/api-client";

export type RoyaltyReconciliation = Answer<typeof client.admin.royalties.reconciliation.$get>;

/** GET /api/admin/royalties/reconciliation, only when asked (the button): it reads every ledger row and fact. */
export const useRoyaltyReconciliation = () =>
  useMutation({ mutationFn: () => call(client.admin.royalties.reconciliation.$get()) });
