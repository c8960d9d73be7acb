import {
  ACQUIRER_UNREACHABLE,
  type AcquirerAnswer,
  type AuthorizeRequest,
  type CreditRequest,
} from "../acquirer/acquirer";
import type { GatewayDeps } from "../context";

/**
 * Asks the acquirer to authorize (and, for a payment, capture) or to pay out. A call that throws — the acquirer
 * unreachable, a timeout — is recorded as a processor error rather than failing the request: the shop gets a
 * transaction with status `error` it can look up, and the same idempotency key asks again safely.
 */
export async function askAcquirer(
  deps: Pick<GatewayDeps, "logger" | "acquirer">,
  request: ({ operation: "authorize" } & AuthorizeRequest) | ({ operation: "credit" } & CreditRequest),
): Promise<AcquirerAnswer> {
  try {
    return request.operation === "authorize"
      ? await deps.acquirer.authorize(request)
      : await deps.acquirer.credit(request);
  } catch (error) {
    deps.logger.error(
      { err: error, transactionUid: request.idempotencyKey, operation: request.operation },
      "acquirer call failed",
    );
    return ACQUIRER_UNREACHABLE;
  }
}
