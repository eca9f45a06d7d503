import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WebhookEndpointInput } from "#domain/webhooks";
import { type Answer, call, client } from "#web/lib/api-client";

export type WebhookEndpointList = Answer<(typeof client)["webhook-endpoints"]["$get"]>;
export type WebhookEndpoint = WebhookEndpointList["endpoints"][number];
export type WebhookDelivery = Answer<
  (typeof client)["webhook-endpoints"][":id"]["deliveries"]["$get"]
>["deliveries"][number];
const ENDPOINTS = ["webhook-endpoints"] as const;
const deliveriesKey = (endpointId: string) => ["webhook-endpoints", endpointId, "deliveries"] as const;

/** GET /api/webhook-endpoints: the workspace's endpoints (never their secrets). */
export const useWebhookEndpoints = () =>
  useQuery({ queryKey: ENDPOINTS, queryFn: () => call(client["webhook-endpoints"].$get()) });

/** GET /api/webhook-endpoints/:id/deliveries, followed every few seconds while a message is still being sent. */
export const useWebhookDeliveries = (endpointId: string) =>
  useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: () => call(client["webhook-endpoints"][":id"].deliveries.$get({ param: { id: endpointId } })),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === "pending") ? 2000 : false),
  });

function useEndpointMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS }) });
}

/** POST /api/webhook-endpoints: the answer carries the signing secret, once. */
export const useCreateWebhookEndpoint = () =>
  useEndpointMutation((input: WebhookEndpointInput) => call(client["webhook-endpoints"].$post({ json: input })));

/** POST /api/webhook-endpoints/:id/rotate: a new secret, once; the old one signs too for a day. */
export const useRotateWebhookSecret = () =>
  useEndpointMutation((id: string) => call(client["webhook-endpoints"][":id"].rotate.$post({ param: { id } })));

/** DELETE /api/webhook-endpoints/:id. */
export const useRemoveWebhookEndpoint = () =>
  useEndpointMutation((id: string) => call(client["webhook-endpoints"][":id"].$delete({ param: { id } })));

/** POST /api/webhook-endpoints/:id/test: a webhook.test message to this endpoint. */
export const useSendTestEvent = () =>
  useEndpointMutation((id: string) => call(client["webhook-endpoints"][":id"].test.$post({ param: { id } })));

/** POST /api/webhook-deliveries/:id/resend: the same message again. */
export const useResendDelivery = () =>
  useEndpointMutation((id: string) => call(client["webhook-deliveries"][":id"].resend.$post({ param: { id } })));
