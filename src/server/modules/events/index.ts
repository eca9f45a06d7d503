// Events out (issue 38): the changes a workspace's webhook endpoints may subscribe to, recorded by the
// modules that make them, inside their own transactions. Apart from the webhooks module (endpoints and
// sending) so that any module may emit without depending on plans, keys or routes.
export {
  emitDeliveryStateChanged,
  emitReleaseStatusChanged,
  emitStatementsReady,
  emitWebhookEvent,
  messageId,
} from "./emit";
