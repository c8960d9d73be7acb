import { amountTooLarge } from "@/lib/contracts/child-transaction";
import type { ErrorTree } from "@/lib/contracts/errors";
import type { Transaction } from "@/lib/contracts/transaction";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { type ChildRules, createChildTransaction } from "./create-child-transaction";
import { checkParent, currencyErrors } from "./parent-rules";

/**
 * A capture may take what a successful, unexpired, unvoided authorization has left: its amount less every capture
 * that succeeded or is in flight. Partial captures add up; a void (done or in flight) ends them.
 */
export const captureRules: ChildRules = (parent, request) => {
  const refused = checkParent(parent, { types: ["authorization"], action: "captured" });
  if (refused) return refused;
  const { successful, inFlight } = parent.totals;
  if (successful.void > 0) return { base: ["Authorization has been voided; it can no longer be captured"] };
  if (inFlight.void > 0) return { base: ["Authorization is being voided; it can no longer be captured"] };
  const errors: ErrorTree = currencyErrors(parent, request);
  const capturable = parent.row.amount - successful.capture - inFlight.capture;
  if (request.amount > capturable) errors.amount = [amountTooLarge(capturable)];
  return errors;
};

/** POST /transactions/captures. */
export function captureAuthorization(options: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  body: unknown;
}): Promise<Transaction> {
  return createChildTransaction({ ...options, type: "capture", rules: captureRules });
}
