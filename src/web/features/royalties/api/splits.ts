import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PayeeDetailsInput } from "#domain/payouts";
import type { SplitSheetInput, SplitTemplateInput } from "#domain/splits";
import { type Answer, call, client } from "#web/lib/api-client";
import { useInvalidateAdmin } from "#web/lib/query-roots";
import { royaltiesQueryOptions } from "./get-royalties";

export type Splits = Answer<(typeof client.releases)[":id"]["splits"]["$get"]>;
export type Statement = Answer<(typeof client.royalties.statements)[":month"]["$get"]>;
export type PayeeDetailsView = NonNullable<Answer<(typeof client)["payee-details"]["$get"]>["details"]>;

const splitsKey = (releaseId: string) => ["splits", releaseId] as const;

/** GET /api/releases/:id/splits: each track's split, and the owner's collaborators with what escrow holds. */
export const useSplits = (releaseId: string) =>
  useQuery({
    queryKey: splitsKey(releaseId),
    queryFn: () => call(client.releases[":id"].splits.$get({ param: { id: releaseId } })),
  });

/** PUT /api/releases/:id/tracks/:trackId/split: a new version of a track's split. */
export function useSaveSplit(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, sheet }: { trackId: string; sheet: SplitSheetInput }) =>
      call(
        client.releases[":id"].tracks[":trackId"].split.$put({
          param: { id: releaseId, trackId },
          json: sheet as never,
        }),
      ),
    onSuccess: (data) => queryClient.setQueryData(splitsKey(releaseId), data),
  });
}

/** GET /api/invites/:token: who shares what, and what is held. */
export const useInvite = (token: string) =>
  useQuery({
    queryKey: ["invite", token],
    queryFn: () => call(client.invites[":token"].$get({ param: { token } })),
    retry: false,
  });

/** POST /api/invites/:token/code: a one-time code to the invited address or number. */
export const useSendInviteCode = (token: string) =>
  useMutation({ mutationFn: () => call(client.invites[":token"].code.$post({ param: { token } })) });

export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code?: string) =>
      call(client.invites[":token"].accept.$post({ param: { token }, json: code ? { code } : {} })),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ["invite", token] });
      queryClient.invalidateQueries({ queryKey: royaltiesQueryOptions.queryKey });
    },
  });
}

/** GET /api/royalties/statements/:month. */
export const useStatement = (month: string) =>
  useQuery({
    queryKey: ["statement", month],
    queryFn: () => call(client.royalties.statements[":month"].$get({ param: { month } })),
    enabled: /^\d{4}-\d{2}$/.test(month),
  });

const payeeKey = ["payee-details"] as const;
export const usePayeeDetails = () =>
  useQuery({ queryKey: payeeKey, queryFn: () => call(client["payee-details"].$get()) });

export function useSavePayeeDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayeeDetailsInput & { password?: string }) =>
      call(client["payee-details"].$put({ json: input as never })),
    onSuccess: (data) => queryClient.setQueryData(payeeKey, { details: data.details }),
  });
}

/** POST /api/admin/payouts/approve: sends a batch to the payout provider. */
export function useApprovePayouts() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (ids: string[]) => call(client.admin.payouts.approve.$post({ json: { ids } })),
    onSuccess: invalidate,
  });
}

/** POST /api/admin/payees/:id/approve: payouts may go ahead after a name mismatch was reviewed. */
export function useApprovePayee() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (userId: string) => call(client.admin.payees[":id"].approve.$post({ param: { id: userId } })),
    onSuccess: invalidate,
  });
}

export type SplitTemplate = Answer<(typeof client)["split-templates"]["$get"]>["templates"][number];
const templatesKey = ["split-templates"] as const;

/** GET /api/split-templates: the artist's saved collaborators with roles and shares. */
export const useSplitTemplates = () =>
  useQuery({ queryKey: templatesKey, queryFn: () => call(client["split-templates"].$get()) });

/** PUT /api/split-templates: saves (or replaces, by name) a template. */
export function useSaveSplitTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SplitTemplateInput) => call(client["split-templates"].$put({ json: input as never })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteSplitTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client["split-templates"][":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
