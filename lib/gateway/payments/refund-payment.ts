import type { Transaction } from "@/lib/contracts/transaction";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { createChildTransaction } from "./create-child-transaction";

/**
 * POST /transactions/refunds. A refund returns at most what a payment or capture has left. The rules are decided under the parent's lock
 * (`child-refusals.ts`).
 */
export function refundPayment(options: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  body: unknown;
}): Promise<Transaction> {
  return createChildTransaction({ ...options, type: "refund" });
}
