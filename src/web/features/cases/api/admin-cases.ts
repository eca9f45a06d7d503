import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CaseStatus, DecisionInput } from "#domain/fraud";
import { type Answer, call, client, type Input } from "#web/lib/api-client";
import { ADMIN_ROOT, useInvalidateAdmin } from "#web/lib/query-roots";

export type AdminCaseDetail = Answer<(typeof client.admin.cases)[":id"]["$get"]>;
export type AdminCase = Answer<typeof client.admin.cases.$get>["cases"][number];
export type AdminWarning = Answer<(typeof client.admin)["stream-warnings"]["$get"]>["warnings"][number];
export type NoticeBody = Input<typeof client.admin.cases.$post>["json"];

const ROOT = [...ADMIN_ROOT, "cases"] as const;

/** GET /api/admin/cases: every case, open ones by deadline. */
export const useAdminCases = (filter: { status?: CaseStatus; overdue?: boolean }) =>
  useQuery({
    queryKey: [...ROOT, filter],
    queryFn: () =>
      call(
        client.admin.cases.$get({
          query: { status: filter.status, overdue: filter.overdue ? "true" : undefined },
        }),
      ).then((r) => r.cases),
  });

/** GET /api/admin/cases/:id. */
export const useAdminCase = (id: string) =>
  useQuery({
    queryKey: [...ROOT, "one", id],
    queryFn: () => call(client.admin.cases[":id"].$get({ param: { id } })),
  });

/** POST /api/admin/cases: records a store's notice. */
export function useRecordNotice() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: NoticeBody) => call(client.admin.cases.$post({ json: body })),
    onSuccess: invalidate,
  });
}

function useCaseAction<T>(id: string, send: (body: T) => Promise<AdminCaseDetail>) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => {
      queryClient.setQueryData([...ROOT, "one", id], data);
      return invalidate();
    },
  });
}

/** POST /api/admin/cases/:id/decision. */
export const useDecideCase = (id: string) =>
  useCaseAction(id, (body: DecisionInput) =>
    call(client.admin.cases[":id"].decision.$post({ param: { id }, json: body })),
  );

/** POST /api/admin/cases/:id/messages: a reply as Kalrav Support. */
export const useReplyOnCase = (id: string) =>
  useCaseAction(id, (message: string) =>
    call(client.admin.cases[":id"].messages.$post({ param: { id }, json: { message } })),
  );

/** POST /api/admin/cases/:id/fee-reversal. */
export const useReverseFee = (id: string) =>
  useCaseAction(id, (_: undefined) => call(client.admin.cases[":id"]["fee-reversal"].$post({ param: { id } })));

/** GET /api/admin/stream-warnings: the queue of early warnings. */
export const useWarningQueue = () =>
  useQuery({
    queryKey: [...ROOT, "warnings"],
    queryFn: () => call(client.admin["stream-warnings"].$get({ query: {} })).then((r) => r.warnings),
  });

/** POST /api/admin/stream-warnings/:id/review. */
export function useReviewWarning() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => call(client.admin["stream-warnings"][":id"].review.$post({ param: { id } })),
    onSuccess: invalidate,
  });
}

/** POST /api/admin/cases/import: a store's notice file, all or none. */
export function useImportNotices() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (csv: string) => call(client.admin.cases.import.$post({ json: { csv } })).then((r) => r.cases),
    onSuccess: invalidate,
  });
}
