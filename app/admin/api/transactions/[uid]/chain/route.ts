import { assembleChain } from "@/lib/admin/money-chain";
import { answerAdminRead } from "@/lib/admin/read-route";
import type { Transaction } from "@/lib/contracts/transaction";
import type { GatewayFailure } from "@/lib/gateway-client/http";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

/**
 * Enough for any real chain: refunds of one payment or captures of one authorization beyond this are not listed
 * (the remaining amounts shown are the parent's own `amounts` all the same).
 */
const CHILDREN_PER_PARENT = 500;

/** The transaction's chain: its root (authorization or payment) and every capture, void and refund below it. */
export async function GET(_request: Request, context: { params: Promise<{ uid: string }> }) {
  const { uid } = await context.params;
  const client = getMerchantClient();
  return answerAdminRead(async (credentials) => {
    const start = await client.getTransaction(credentials, uid);
    if (!start.ok) return start;
    const chain = await assembleChain<Transaction, GatewayFailure>({
      start: start.data,
      read: (parentUid) => client.getTransaction(credentials, parentUid),
      children: async (parentUid) => {
        const page = await client.listTransactions(credentials, {
          parentUid,
          perPage: CHILDREN_PER_PARENT,
        });
        return page.ok ? { ok: true, data: page.data.items } : page;
      },
    });
    return chain.ok ? { ok: true, status: 200, data: chain.data } : chain;
  });
}
