import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationPreferenceKey, PayoutAccountInput, ProfileInput } from "#domain/settings";
import { sessionQueryOptions } from "#web/features/auth/api/get-session";
import { ApiClientError, api } from "#web/lib/api-client";

export interface Profile {
  name: string;
  email: string;
  bio: string;
  website: string;
  instagram: string;
  twitter: string;
  image: string | null;
}

export interface PayoutAccount {
  method: "bankTransfer" | "paypal";
  accountName: string;
  accountNumberMasked: string | null;
  routingNumber: string;
  bankName: string;
  paypalEmail: string;
  taxForm: "w9" | "w8ben" | "w8bene" | null;
}

export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

export const profileQueryOptions = queryOptions({ queryKey: ["profile"], queryFn: () => api<Profile>("/profile") });
export const payoutQueryOptions = queryOptions({
  queryKey: ["payout-account"],
  queryFn: () => api<{ account: PayoutAccount | null }>("/payout-account").then((r) => r.account),
});
export const preferencesQueryOptions = queryOptions({
  queryKey: ["notification-preferences"],
  queryFn: () => api<NotificationPreferences>("/notification-preferences"),
});

export const useProfile = () => useQuery(profileQueryOptions);
export const usePayoutAccount = () => useQuery(payoutQueryOptions);
export const usePreferences = () => useQuery(preferencesQueryOptions);

function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (input: ProfileInput) => api<Profile>("/profile", { method: "PUT", body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      return refresh();
    },
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: ({ newEmail, password }: { newEmail: string; password: string }) =>
      api<unknown>("/auth/change-email", { body: { newEmail, password, callbackURL: "/app/settings" } }),
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.set("file", file);
      const response = await fetch("/api/profile/avatar", { method: "POST", body: form, credentials: "same-origin" });
      const body = await response.json().catch(() => null);
      if (!response.ok) {
        throw new ApiClientError(
          response.status,
          body?.error?.code ?? "ERROR",
          body?.error?.message ?? "Upload failed.",
        );
      }
      return body as Profile;
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      return refresh();
    },
  });
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutAccountInput) =>
      api<{ account: PayoutAccount }>("/payout-account", { method: "PUT", body: input }).then((r) => r.account),
    onSuccess: (account) => queryClient.setQueryData(payoutQueryOptions.queryKey, account),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) =>
      api<NotificationPreferences>("/notification-preferences", { method: "PUT", body: input }),
    onSuccess: (prefs) => queryClient.setQueryData(preferencesQueryOptions.queryKey, prefs),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api<unknown>("/auth/change-password", { body: { ...input, revokeOtherSessions: true } }),
  });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      api<{ totpURI: string; backupCodes: string[] }>("/auth/two-factor/enable", { body: { password } }),
  });
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (code: string) => api<unknown>("/auth/two-factor/verify-totp", { body: { code } }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (password: string) => api<unknown>("/auth/two-factor/disable", { body: { password } }),
    onSuccess: refresh,
  });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => api<unknown>("/auth/revoke-other-sessions", { body: {} }) });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api<unknown>("/auth/delete-user", { body: { password } }),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    },
  });
}
