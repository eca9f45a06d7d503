import type { Input } from "./api-client";

/** An admin list's query as the screen holds it, where a filter may also be "" (all). */
export type ListParams<F> =
  Input<F> extends { query?: infer Q } ? { [K in keyof NonNullable<Q>]?: NonNullable<Q>[K] | "" } : never;

/** Filters left empty ("all") are not sent at all. */
export function compact<T extends Record<string, unknown>>(params: T): { [K in keyof T]?: Exclude<T[K], ""> } {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== "")) as never;
}
