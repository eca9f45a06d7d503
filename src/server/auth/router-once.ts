import { runWithAdapter } from "@better-auth/core/context";
import type { BetterAuthOptions } from "better-auth";
import { router } from "better-auth/api";

/** What of a Better Auth instance the handler below needs. */
interface AuthInstance {
  options: BetterAuthOptions;
  $context: Promise<unknown>;
  handler: (request: Request) => Promise<Response>;
}

/** True when nothing the router is built from depends on the request. */
function fixedForEveryRequest(options: BetterAuthOptions): boolean {
  return (
    typeof options.baseURL === "string" &&
    options.baseURL !== "" &&
    (options.trustedOrigins === undefined || Array.isArray(options.trustedOrigins)) &&
    typeof options.account?.accountLinking?.trustedProviders !== "function"
  );
}

/**
 * Better Auth's own handler builds its whole router for each request: every endpoint of every plugin,
 * each with new zod schemas that zod compiles again on their first parse (auth/base.mjs). It does so
 * because a base URL or trusted origins given as functions may differ per request. Ours are fixed, so
 * the same router answers every request: measured on sign-in, about a sixth of what a request
 * allocated and a compiled function per request (decision 065). The router keeps everything the library's
 * handler does in front of an endpoint (origin check, rate limit, disabled paths, plugins' hooks).
 *
 * With a base URL or origins that depend on the request, the library's own handler is used unchanged.
 */
export function handlerWithRouterBuiltOnce(auth: AuthInstance): (request: Request) => Promise<Response> {
  const { options } = auth;
  if (!fixedForEveryRequest(options)) return auth.handler;
  type Built = { adapter: unknown; handler: (request: Request) => Promise<Response> } | null;
  let built: Promise<Built> | undefined;
  return async (request) => {
    built ??= auth.$context.then((context) => {
      const ctx = context as Parameters<typeof router>[0];
      // A plugin's init may have made the origins a function of the request: then as the library does.
      if (!fixedForEveryRequest(ctx.options)) return null;
      // The library's context is passed as it is: the router copies it for each request, as the
      // library's handler does, so nothing one request sets reaches another.
      return { adapter: ctx.adapter, handler: router(ctx, options).handler };
    });
    const once = await built;
    if (!once) return auth.handler(request);
    return runWithAdapter(once.adapter as Parameters<typeof runWithAdapter>[0], () => once.handler(request));
  };
}
