import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page, true once the page is live (and on every render
 * that is not a hydration). A prerendered form stays disabled until then: typed text would be wiped
 * by hydration, and a submit before it would be the browser's own (the fields in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
