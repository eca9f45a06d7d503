import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page } from "#domain/pagination";
import type { PlanId } from "#domain/plans";
import type { ManualReleaseInput, ReleaseMetadataInput } from "#domain/releases";
import type { SubscriptionStatus } from "#domain/subscriptions";
import type { TicketPriority, TicketStatus } from "#domain/tickets";
import {
  type DeliveryState,
  type QualityReport,
  qualityInProgress,
  type Release,
  type Track,
} from "#web/features/releases/api/releases";
import { ApiClientError, api } from "#web/lib/api-client";

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: "admin" | "artist";
  status: "active" | "suspended";
  createdAt: string;
  releaseCount: number;
  planId: PlanId | null;
}
export interface AdminRelease extends Release {
  userId: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
}
export interface AdminDelivery {
  id: string;
  store: string;
  storeName: string;
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  batchId: string;
  createdAt: string;
  sentAt: string | null;
  acknowledgedAt: string | null;
}
export interface AdminReleaseDetail {
  release: AdminRelease;
  tracks: Track[];
  quality: QualityReport;
  deliveries: AdminDelivery[];
  delivery: DeliveryState;
}
export interface AdminSubscription {
  id: string;
  planId: PlanId;
  status: SubscriptionStatus;
  startDate: string;
  endDate: string;
  amountPaise: number;
  currency: string;
  cancelAtPeriodEnd: boolean;
  paymentRetries: number;
  userId: string;
  userName: string;
  userEmail: string;
}
export interface AdminTicket {
  id: string;
  number: number;
  subject: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  userId: string;
  userName: string;
  userEmail: string;
  assignedTo: string | null;
}
export interface TicketMessage {
  id: string;
  message: string;
  isAdminReply: boolean;
  senderName: string;
  sentAt: string;
}
export interface AdminSummary {
  totals: {
    users: number;
    releases: number;
    activeSubscriptions: number;
    openTickets: number;
    pendingReleases: number;
  };
  system: { operational: boolean; checks: { name: string; ok: boolean; detail: string }[] };
  recentActivity: { kind: "release" | "ticket"; id: string; title: string; ownerName: string | null; at: string }[];
}

type Params = Record<string, string | number | undefined>;
const toQuery = (params: Params) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") search.set(k, String(v));
  return search.toString();
};

const admin = ["admin"] as const;
export const summaryQueryOptions = queryOptions({
  queryKey: [...admin, "summary"],
  queryFn: () => api<AdminSummary>("/admin/summary"),
});
export const useAdminSummary = () => useQuery(summaryQueryOptions);

function listHook<T>(resource: string) {
  return (params: Params) =>
    useQuery({
      queryKey: [...admin, resource, params],
      queryFn: () => api<Page<T>>(`/admin/${resource}?${toQuery(params)}`),
      placeholderData: keepPreviousData,
    });
}
export const useAdminUsers = listHook<AdminUser>("users");
export const useAdminReleases = listHook<AdminRelease>("releases");
export const useAdminSubscriptions = listHook<AdminSubscription>("subscriptions");
export const useAdminTickets = listHook<AdminTicket>("tickets");

export const useRoles = () =>
  useQuery({
    queryKey: [...admin, "roles"],
    queryFn: () => api<{ roles: { id: number; name: string }[] }>("/admin/roles").then((r) => r.roles),
  });

export const useAdminSearch = (q: string) =>
  useQuery({
    queryKey: [...admin, "search", q],
    queryFn: () =>
      api<{
        users: { id: string; name: string; email: string }[];
        releases: { id: string; title: string; artistName: string }[];
        tickets: { id: string; number: number; subject: string }[];
      }>(`/admin/search?${toQuery({ q })}`),
    enabled: q.trim().length > 0,
  });

/** A release in review; looks again every two seconds while its check runs or deliveries are under way. */
export const useAdminReleaseDetail = (id: string) =>
  useQuery({
    queryKey: [...admin, "release", id],
    queryFn: () => api<AdminReleaseDetail>(`/admin/releases/${id}`),
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
    queryFn: () => api<{ ticket: AdminTicket; messages: TicketMessage[] }>(`/admin/tickets/${id}`),
    enabled: Boolean(id),
  });

/** Any admin change refreshes every admin list and the summary. */
function useAdminMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: admin }) });
}

export const useAddUser = () =>
  useAdminMutation((input: { name: string; email: string; role: string; password: string }) =>
    api<{ user: AdminUser }>("/admin/users", { body: input }),
  );
export const useEditUser = () =>
  useAdminMutation(({ id, ...input }: { id: string; name: string; email: string; role: string }) =>
    api<{ user: AdminUser }>(`/admin/users/${id}`, { method: "PATCH", body: input }),
  );
export const useUserAction = () =>
  useAdminMutation(({ id, action }: { id: string; action: "suspend" | "activate" | "delete" }) =>
    action === "delete"
      ? api(`/admin/users/${id}`, { method: "DELETE" })
      : api(`/admin/users/${id}/${action}`, { body: {} }),
  );

export const useManualRelease = () =>
  useAdminMutation((input: ManualReleaseInput) => api<{ release: AdminRelease }>("/admin/releases", { body: input }));
export const useEditRelease = () =>
  useAdminMutation(({ id, ...input }: ReleaseMetadataInput & { id: string }) =>
    api<{ release: AdminRelease }>(`/admin/releases/${id}`, { method: "PATCH", body: input }),
  );
export const useReleaseAction = () =>
  useAdminMutation(
    ({ id, action, notes }: { id: string; action: "approve" | "reject" | "take-down" | "delete"; notes?: string }) =>
      action === "delete"
        ? api(`/admin/releases/${id}`, { method: "DELETE" })
        : api(`/admin/releases/${id}/${action}`, { body: notes ? { notes } : {} }),
  );

export const useRecheckRelease = () =>
  useAdminMutation((id: string) => api(`/admin/releases/${id}/quality-check`, { body: {} }));
export const useRetryDelivery = () =>
  useAdminMutation((id: string) => api(`/admin/deliveries/${id}/retry`, { body: {} }));

export const useCreateSubscription = () =>
  useAdminMutation((input: { userId: string; planId: PlanId }) =>
    api<{ subscription: AdminSubscription }>("/admin/subscriptions", { body: input }),
  );
export const useSubscriptionAction = () =>
  useAdminMutation(({ id, action }: { id: string; action: "cancel" | "reactivate" | "retry-payment" | "delete" }) =>
    action === "delete"
      ? api(`/admin/subscriptions/${id}`, { method: "DELETE" })
      : api(`/admin/subscriptions/${id}/${action}`, { body: {} }),
  );

export const useReplyToTicket = () =>
  useAdminMutation(({ id, message }: { id: string; message: string }) =>
    api(`/admin/tickets/${id}/replies`, { body: { message } }),
  );
export const useUpdateTicket = () =>
  useAdminMutation(
    ({ id, ...input }: { id: string; status?: TicketStatus; priority?: TicketPriority; assignedTo?: string | null }) =>
      api<{ ticket: AdminTicket }>(`/admin/tickets/${id}`, { method: "PATCH", body: input }),
  );
export const useDeleteTicket = () =>
  useAdminMutation((id: string) => api(`/admin/tickets/${id}`, { method: "DELETE" }));
export const findUserByEmail = (email: string) =>
  api<Page<AdminUser>>(`/admin/users?${toQuery({ q: email, pageSize: 5 })}`).then(
    (r) => r.items.find((u) => u.email === email.toLowerCase()) ?? null,
  );

export interface StoreReport {
  id: string;
  fileName: string;
  sizeBytes: number;
  status: "queued" | "running" | "completed" | "failed";
  processedRows: number;
  importedRows: number;
  errorRows: number;
  failure: string | null;
  createdAt: string;
  finishedAt: string | null;
}
export interface AdminPayout {
  id: string;
  amountPaise: number;
  status: "pending" | "completed";
  method: string;
  reference: string | null;
  requestedAt: string;
  completedAt: string | null;
  userName: string;
  userEmail: string;
}

export const useStoreReports = () =>
  useQuery({
    queryKey: [...admin, "reports"],
    queryFn: () => api<{ reports: StoreReport[] }>("/admin/reports").then((r) => r.reports),
    // Poll while an import runs so the admin sees its progress.
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.status === "queued" || r.status === "running") ? 1000 : false,
  });

export const useStoreReport = (id: string | null) =>
  useQuery({
    queryKey: [...admin, "report", id],
    queryFn: () =>
      api<{ report: StoreReport & { errors: { line: number; reason: string }[] } }>(`/admin/reports/${id}`).then(
        (r) => r.report,
      ),
    enabled: Boolean(id),
  });

export const useUploadReport = () =>
  useAdminMutation(async (file: File) => {
    const response = await fetch(`/api/admin/reports?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      body: file,
      headers: { "Content-Type": "text/csv" },
      credentials: "same-origin",
    });
    const body = await response.json().catch(() => null);
    if (!response.ok)
      throw new ApiClientError(response.status, body?.error?.code ?? "ERROR", body?.error?.message ?? "Upload failed.");
    return body.report as StoreReport;
  });

export const useAdminPayouts = () =>
  useQuery({
    queryKey: [...admin, "payouts"],
    queryFn: () => api<{ payouts: AdminPayout[] }>("/admin/payouts").then((r) => r.payouts),
  });

export const useCompletePayout = () =>
  useAdminMutation(({ id, reference }: { id: string; reference: string }) =>
    api(`/admin/payouts/${id}/complete`, { body: { reference } }),
  );

export interface RoyaltyReconciliation {
  ok: boolean;
  checkedAt: string;
  ledgerRows: number;
  ledgerGrossPaise: number;
  tracedGrossPaise: number;
  findings: {
    kind: string;
    userId: string | null;
    releaseId: string | null;
    month: string | null;
    amountPaise: number;
    message: string;
  }[];
}

/** Runs only when asked (the button), since it reads every ledger row and fact. */
export const useRoyaltyReconciliation = () =>
  useMutation({ mutationFn: () => api<RoyaltyReconciliation>("/admin/royalties/reconciliation") });
