// What the fraud module adds to every route's dependencies: how long an admin has to decide a case.
// Declared here, not in context.ts, so infrastructure never names a module; server.ts sets it.

declare module "#server/context" {
  interface AppDeps {
    fraud: { deadlineDays: number };
  }
}

export type {};
