// The subscriptions module's entry point: other modules and the composition root import only this.
export * from "./admin-subscriptions.routes";
export { createSubscription } from "./admin-subscriptions.service";
export * from "./subscription.queries";
export * from "./subscriptions.routes";
export { subscriptionOverview } from "./subscriptions.service";
