/**
 * What a service refuses, said without HTTP: the route layer (errors.ts) turns the kind into a
 * status. Services throw these; only routes know about statuses.
 */
export type DomainErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "too_many"
  /** An outside service (the payment gateway) failed or could not be reached. */
  | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** The stable code clients branch on (e.g. "INVALID_STATE", "HAS_EARNINGS"). */
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const STATUS_OF_KIND = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unavailable: 502,
} as const satisfies Record<DomainErrorKind, number>;
