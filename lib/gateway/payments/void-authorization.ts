import { amountTooLarge } from "@/lib/contracts/child-transaction";
import type { ErrorTree } from "@/lib/contracts/errors";
import type { Transaction } from "@/lib/contracts/transaction";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { type ChildRules, createChildTransaction } from "./create-child-transaction";
import { checkParent, currencyErrors } from "./parent-rules";

/**
 * A void releases a successful authorization nothing was captured of (no capture succeeded or is in flight) —
 * also once it has expired, since releasing a hold moves no money — and releases all of it: its amount must be the
 * authorization's.
 */
export const voidRules: ChildRules = (parent, request) => {
  const refused = checkParent(parent, { types: ["authorization"], action: "voided" });
  if (refused) return refused;
  const { successful, inFlight } = parent.totals;
  if (successful.void > 0) return { base: ["Authorization has already been voided"] };
  if (inFlight.void > 0) return { base: ["Authorization is already being voided"] };
  if (successful.capture > 0) {
    return { base: ["Authorization has been captured; only an uncaptured authorization can be voided"] };
  }
  if (inFlight.capture > 0) {
    return { base: ["Authorization is being captured; only an uncaptured authorization can be voided"] };
  }
  const errors: ErrorTree = currencyErrors(parent, request);
  const full = parent.row.amount;
  if (request.amount > full) errors.amount = [amountTooLarge(full)];
  else if (request.amount < full)
    errors.amount = [`must be ${full}: a void releases the whole authorization`];
  return errors;
};

/** POST /transactions/voids. */
export function voidAuthorization(options: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  body: unknown;
}): Promise<Transaction> {
  return createChildTransaction({ ...options, type: "void", rules: voidRules });
}
