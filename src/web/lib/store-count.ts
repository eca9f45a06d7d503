import { STORE_COUNT_TOKEN, storeCountText } from "#domain/claims";

/**
 * How many stores we deliver to, as the server wrote it on <html data-store-count> (from the configured
 * store list). Prerendering has no document: it writes the token, which the server replaces in the page
 * it serves, so the prerendered text and the hydrated one are the same.
 */
export function useStoreCount(): string {
  if (typeof document === "undefined") return STORE_COUNT_TOKEN;
  return storeCountText(document.documentElement.dataset.storeCount);
}
