import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PayoutAccountInput, ProfileInput } from "#domain/settings";
import { sessionQueryOptions } from "#web/features/auth/api/get-session";
import { type Answer, authApi, call, client, errorFrom } from "#web/lib/api-client";

export type Profile = Answer<typeof client.profile.$get>;
export type PayoutAccount = NonNullable<Answer<(typeof client)["payout-account"]["$get"]>["account"]>;
export type NotificationPreferences = Answer<(typeof client)["notification-preferences"]["$get"]>;

export const profileQueryOptions = queryOptions({ queryKey: ["profile"], queryFn: () => call(client.profile.$get()) });
export const payoutQueryOptions = queryOptions({
  queryKey: ["payout-account"],
  queryFn: () => call(client["payout-account"].$get()).then((r) => r.account),
});
export const preferencesQueryOptions = queryOptions({
  queryKey: ["notification-preferences"],
  queryFn: () => call(client["notification-preferences"].$get()),
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
    mutationFn: (input: ProfileInput) => call(client.profile.$put({ json: input })),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      return refresh();
    },
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: ({ newEmail, password }: { newEmail: string; password: string }) =>
      authApi<unknown>("/auth/change-email", { body: { newEmail, password, callbackURL: "/app/settings" } }),
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
      // A multipart upload: the picture goes as a file, not JSON.
      if (!response.ok) throw await errorFrom(response);
      return (await response.json()) as Profile;
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
      call(client["payout-account"].$put({ json: input })).then((r) => r.account),
    onSuccess: (account) => queryClient.setQueryData(payoutQueryOptions.queryKey, account),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) => call(client["notification-preferences"].$put({ json: input })),
    onSuccess: (prefs) => queryClient.setQueryData(preferencesQueryOptions.queryKey, prefs),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      authApi<unknown>("/auth/change-password", { body: { ...input, revokeOtherSessions: true } }),
  });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      authApi<{ totpURI: string; backupCodes: string[] }>("/auth/two-factor/enable", { body: { password } }),
  });
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (code: string) => authApi<unknown>("/auth/two-factor/verify-totp", { body: { code } }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (password: string) => authApi<unknown>("/auth/two-factor/disable", { body: { password } }),
    onSuccess: refresh,
  });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => authApi<unknown>("/auth/revoke-other-sessions", { body: {} }) });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => authApi<unknown>("/auth/delete-user", { body: { password } }),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    },
  });
}
