import { DomainError } from "#server/lib/domain-error";
import { GatewayError } from "#server/lib/payment-gateway";

/** Runs a gateway call; a gateway's refusal or absence becomes a 502 with its message, anything else stays a bug. */
export async function gatewayCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof GatewayError) throw new DomainError("unavailable", "GATEWAY", err.message);
    throw err;
  }
}
