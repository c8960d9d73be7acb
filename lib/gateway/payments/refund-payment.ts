import { amountTooLarge } from "@/lib/contracts/child-transaction";
import type { ErrorTree } from "@/lib/contracts/errors";
import type { Transaction } from "@/lib/contracts/transaction";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { type ChildRules, createChildTransaction } from "./create-child-transaction";
import { checkParent, currencyErrors } from "./parent-rules";

/**
 * A refund names the transaction that took the money, as beGateway's docs have it: a payment, or a capture of an
 * authorization (never the authorization itself). It may return what that transaction has left: its amount
 * less every refund that succeeded or is in flight. Refunds do not expire with the authorization.
 */
export const refundRules: ChildRules = (parent, request) => {
  const refused = checkParent(parent, { types: ["payment", "capture"], action: "refunded" });
  if (refused) return refused;
  const { successful, inFlight } = parent.totals;
  const errors: ErrorTree = currencyErrors(parent, request);
  const refundable = parent.row.amount - successful.refund - inFlight.refund;
  if (request.amount > refundable) errors.amount = [amountTooLarge(refundable)];
  return errors;
};

/** POST /transactions/refunds. */
export function refundPayment(options: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  body: unknown;
}): Promise<Transaction> {
  return createChildTransaction({ ...options, type: "refund", rules: refundRules });
}
