import type { Transaction } from "@/lib/contracts/transaction";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { createChildTransaction } from "./create-child-transaction";

/**
 * POST /transactions/captures. A capture takes what a successful, unexpired authorization has left; partial captures add up, and a void (done or
 * in flight) ends them. The rules are decided under the authorization's lock (`child-refusals.ts`).
 */
export function captureAuthorization(options: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  body: unknown;
}): Promise<Transaction> {
  return createChildTransaction({ ...options, type: "capture" });
}
