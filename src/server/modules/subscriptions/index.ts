// The subscriptions module's entry point: other modules and the composition root import only this.
export { adminSubscriptionsRouter } from "./admin-subscriptions.routes";
export { createSubscription } from "./admin-subscriptions.service";
export {
  currentPlanId,
  currentPlanIds,
  currentSubscription,
  isReleasePaidFor,
  planStanding,
  startPlanToday,
} from "./subscription.queries";
export { overviewSchema, subscriptionsRouter } from "./subscriptions.routes";
export { subscriptionOverview } from "./subscriptions.service";
