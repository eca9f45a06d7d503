import { useMutation } from "@tanstack/react-query";
import { call, client } from "#web/lib/api-client";

/** POST /api/checkouts/:id/verify: Razorpay Checkout's signed result. */
export const useVerifyCheckout = () =>
  useMutation({
    mutationFn: (input: { id: string; paymentId: string; signature: string }) =>
      call(
        client.checkouts[":id"].verify.$post({
          param: { id: input.id },
          json: { paymentId: input.paymentId, signature: input.signature },
        }),
      ),
  });
