import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";

/** POST /api/test-gateway/checkouts/:ref/pay: pay (or fail) on the test gateway. */
export const useTestPay = () =>
  useMutation({
    mutationFn: (input: { ref: string; method: "upi" | "card"; outcome: "success" | "failure" }) =>
      call(
        client["test-gateway"].checkouts[":ref"].pay.$post({
          param: { ref: input.ref },
          json: { method: input.method, outcome: input.outcome },
        }),
      ),
  });
