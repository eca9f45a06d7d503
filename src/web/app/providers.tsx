import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "#web/components/ui/toast";
import { ApiClientError } from "#web/lib/api-client";
import { LocaleProvider } from "#web/lib/i18n";
import { sessionQueryOptions } from "#web/lib/session";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    // Our routes answer 401 UNAUTHORIZED when the session has ended (expired, signed out elsewhere,
    // suspended): forget the user, and the signed-in layouts send the visitor to /login. (The auth
    // library's own 401s, such as a wrong password, carry other codes and change nothing here.)
    const onError = (error: unknown) => {
      if (error instanceof ApiClientError && error.status === 401 && error.code === "UNAUTHORIZED") {
        client.setQueryData(sessionQueryOptions.queryKey, null);
      }
    };
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        queries: {
          // Client errors (4xx) will not change on retry.
          retry: (count, error) => !(error instanceof ApiClientError && error.status < 500) && count < 2,
          refetchOnWindowFocus: false,
        },
      },
    });
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        {children}
        <Toaster />
      </LocaleProvider>
    </QueryClientProvider>
  );
}
