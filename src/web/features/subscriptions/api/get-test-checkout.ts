import { useQuery } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";

/** GET /api/test-gateway/checkouts/:ref: the built-in test gateway's checkout page. */
export const useTestCheckout = (ref: string) =>
  useQuery({
    queryKey: ["test-checkout", ref],
    queryFn: () => call(client["test-gateway"].checkouts[":ref"].$get({ param: { ref } })),
  });
