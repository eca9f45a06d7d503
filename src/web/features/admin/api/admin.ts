import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ManualReleaseInput, ReleaseMetadataInput } from "#domain/releases";
import type { TicketPriority, TicketStatus } from "#domain/tickets";
import { qualityInProgress } from "#web/features/releases/api/releases";
import { type Answer, call, client, errorFrom, type Input } from "#web/lib/api-client";

// Every shape here is the server's own (the typed contract): nothing is re-typed by hand.
export type AdminUser = Answer<typeof client.admin.users.$get>["items"][number];
export type AdminReleaseDetail = Answer<(typeof client.admin.releases)[":id"]["$get"]>;
export type AdminRelease = AdminReleaseDetail["release"];
export type AdminDelivery = AdminReleaseDetail["deliveries"][number];
export type AdminSubscription = Answer<typeof client.admin.subscriptions.$get>["items"][number];
export type AdminTicket = Answer<typeof client.admin.tickets.$get>["items"][number];
export type TicketMessage = Answer<(typeof client.admin.tickets)[":id"]["$get"]>["messages"][number];
export type AdminSummary = Answer<typeof client.admin.summary.$get>;
export type StoreReport = Answer<typeof client.admin.reports.$get>["reports"][number];
export type AdminPayout = Answer<typeof client.admin.payouts.$get>["payouts"][number];
export type RoyaltyReconciliation = Answer<typeof client.admin.royalties.reconciliation.$get>;

/** A list's query, where a filter may also be "" (all). */
type ListParams<F> =
  Input<F> extends { query?: infer Q } ? { [K in keyof NonNullable<Q>]?: NonNullable<Q>[K] | "" } : never;

/** Filters left empty ("all") are not sent at all. */
function compact<T extends Record<string, unknown>>(params: T): { [K in keyof T]?: Exclude<T[K], ""> } {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== "")) as never;
}

const admin = ["admin"] as const;
export const summaryQueryOptions = queryOptions({
  queryKey: [...admin, "summary"],
  queryFn: () => call(client.admin.summary.$get()),
});
export const useAdminSummary = () => useQuery(summaryQueryOptions);

export const useAdminUsers = (params: ListParams<typeof client.admin.users.$get>) =>
  useQuery({
    queryKey: [...admin, "users", params],
    queryFn: () => call(client.admin.users.$get({ query: compact(params) })),
    placeholderData: keepPreviousData,
  });
export const useAdminReleases = (params: ListParams<typeof client.admin.releases.$get>) =>
  useQuery({
    queryKey: [...admin, "releases", params],
    queryFn: () => call(client.admin.releases.$get({ query: compact(params) })),
    placeholderData: keepPreviousData,
  });
export const useAdminSubscriptions = (params: ListParams<typeof client.admin.subscriptions.$get>) =>
  useQuery({
    queryKey: [...admin, "subscriptions", params],
    queryFn: () => call(client.admin.subscriptions.$get({ query: compact(params) })),
    placeholderData: keepPreviousData,
  });
export const useAdminTickets = (params: ListParams<typeof client.admin.tickets.$get>) =>
  useQuery({
    queryKey: [...admin, "tickets", params],
    queryFn: () => call(client.admin.tickets.$get({ query: compact(params) })),
    placeholderData: keepPreviousData,
  });

export const useRoles = () =>
  useQuery({
    queryKey: [...admin, "roles"],
    queryFn: () => call(client.admin.roles.$get()).then((r) => r.roles),
  });

export const useAdminSearch = (q: string) =>
  useQuery({
    queryKey: [...admin, "search", q],
    queryFn: () => call(client.admin.search.$get({ query: { q } })),
    enabled: q.trim().length > 0,
  });

/** A release in review; looks again every two seconds while its check runs or deliveries are under way. */
export const useAdminReleaseDetail = (id: string) =>
  useQuery({
    queryKey: [...admin, "release", id],
    queryFn: () => call(client.admin.releases[":id"].$get({ param: { id } })),
    refetchInterval: (query) => {
      const data = query.state.data;
      const busy =
        qualityInProgress(data?.quality.status) ||
        data?.deliveries.some((d) => d.status === "queued" || d.status === "sending");
      return busy ? 2000 : false;
    },
  });

export const useTicketThread = (id: string | null) =>
  useQuery({
    queryKey: [...admin, "ticket", id],
    queryFn: () => call(client.admin.tickets[":id"].$get({ param: { id: id ?? "" } })),
    enabled: Boolean(id),
  });

/** Any admin change refreshes every admin list and the summary. */
function useAdminMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: admin }) });
}

export const useAddUser = () =>
  useAdminMutation((input: Input<typeof client.admin.users.$post>["json"]) =>
    call(client.admin.users.$post({ json: input })),
  );
export const useEditUser = () =>
  useAdminMutation(({ id, ...input }: { id: string } & Input<(typeof client.admin.users)[":id"]["$patch"]>["json"]) =>
    call(client.admin.users[":id"].$patch({ param: { id }, json: input })),
  );
export const useUserAction = () =>
  useAdminMutation(({ id, action }: { id: string; action: "suspend" | "activate" | "delete" }): Promise<unknown> => {
    const user = client.admin.users[":id"];
    if (action === "delete") return call(user.$delete({ param: { id } }));
    return call(action === "suspend" ? user.suspend.$post({ param: { id } }) : user.activate.$post({ param: { id } }));
  });

export const useManualRelease = () =>
  useAdminMutation((input: ManualReleaseInput) => call(client.admin.releases.$post({ json: input })));
export const useEditRelease = () =>
  useAdminMutation(({ id, ...input }: ReleaseMetadataInput & { id: string }) =>
    call(client.admin.releases[":id"].$patch({ param: { id }, json: input })),
  );
export const useReleaseAction = () =>
  useAdminMutation(
    ({
      id,
      action,
      notes,
    }: {
      id: string;
      action: "approve" | "reject" | "take-down" | "delete";
      notes?: string;
    }): Promise<unknown> => {
      const release = client.admin.releases[":id"];
      const param = { id };
      const json = notes ? { notes } : {};
      switch (action) {
        case "delete":
          return call(release.$delete({ param }));
        case "approve":
          return call(release.approve.$post({ param }));
        case "reject":
          return call(release.reject.$post({ param, json }));
        case "take-down":
          return call(release["take-down"].$post({ param }));
      }
    },
  );

export const useRecheckRelease = () =>
  useAdminMutation((id: string) => call(client.admin.releases[":id"]["quality-check"].$post({ param: { id } })));
export const useRetryDelivery = () =>
  useAdminMutation((id: string) => call(client.admin.deliveries[":id"].retry.$post({ param: { id } })));

export const useCreateSubscription = () =>
  useAdminMutation((input: Input<typeof client.admin.subscriptions.$post>["json"]) =>
    call(client.admin.subscriptions.$post({ json: input })),
  );
export const useSubscriptionAction = () =>
  useAdminMutation(
    ({
      id,
      action,
    }: {
      id: string;
      action: "cancel" | "reactivate" | "retry-payment" | "delete";
    }): Promise<unknown> => {
      const subscription = client.admin.subscriptions[":id"];
      const param = { id };
      switch (action) {
        case "delete":
          return call(subscription.$delete({ param }));
        case "cancel":
          return call(subscription.cancel.$post({ param }));
        case "reactivate":
          return call(subscription.reactivate.$post({ param }));
        case "retry-payment":
          return call(subscription["retry-payment"].$post({ param }));
      }
    },
  );

export const useReplyToTicket = () =>
  useAdminMutation(({ id, message }: { id: string; message: string }) =>
    call(client.admin.tickets[":id"].replies.$post({ param: { id }, json: { message } })),
  );
export const useUpdateTicket = () =>
  useAdminMutation(
    ({ id, ...input }: { id: string; status?: TicketStatus; priority?: TicketPriority; assignedTo?: string | null }) =>
      call(client.admin.tickets[":id"].$patch({ param: { id }, json: input })),
  );
export const useDeleteTicket = () =>
  useAdminMutation((id: string) => call(client.admin.tickets[":id"].$delete({ param: { id } })));
export const findUserByEmail = (email: string) =>
  call(client.admin.users.$get({ query: { q: email, pageSize: "5" } })).then(
    (r) => r.items.find((u) => u.email === email.toLowerCase()) ?? null,
  );

export const useStoreReports = () =>
  useQuery({
    queryKey: [...admin, "reports"],
    queryFn: () => call(client.admin.reports.$get()).then((r) => r.reports),
    // Poll while an import runs so the admin sees its progress.
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.status === "queued" || r.status === "running") ? 1000 : false,
  });

export const useStoreReport = (id: string | null) =>
  useQuery({
    queryKey: [...admin, "report", id],
    queryFn: () => call(client.admin.reports[":id"].$get({ param: { id: id ?? "" } })).then((r) => r.report),
    enabled: Boolean(id),
  });

/** The report is streamed as the raw CSV body (the route reads it to disk), not as JSON. */
export const useUploadReport = () =>
  useAdminMutation(async (file: File): Promise<StoreReport> => {
    const response = await fetch(`/api/admin/reports?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      body: file,
      headers: { "Content-Type": "text/csv" },
      credentials: "same-origin",
    });
    if (!response.ok) throw await errorFrom(response);
    return ((await response.json()) as { report: StoreReport }).report;
  });

export const useAdminPayouts = () =>
  useQuery({
    queryKey: [...admin, "payouts"],
    queryFn: () => call(client.admin.payouts.$get()).then((r) => r.payouts),
  });

export const useCompletePayout = () =>
  useAdminMutation(({ id, reference }: { id: string; reference: string }) =>
    call(client.admin.payouts[":id"].complete.$post({ param: { id }, json: { reference } })),
  );

/** Runs only when asked (the button), since it reads every ledger row and fact. */
export const useRoyaltyReconciliation = () =>
  useMutation({ mutationFn: () => call(client.admin.royalties.reconciliation.$get()) });
