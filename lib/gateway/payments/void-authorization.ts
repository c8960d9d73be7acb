import type { Transaction } from "@/lib/contracts/transaction";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { createChildTransaction } from "./create-child-transaction";

/**
 * POST /transactions/voids. A void releases the whole of a successful authorization nothing was captured of, expired or not. The rules are
 * decided under the authorization's lock (`child-refusals.ts`).
 */
export function voidAuthorization(options: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  body: unknown;
}): Promise<Transaction> {
  return createChildTransaction({ ...options, type: "void" });
}
