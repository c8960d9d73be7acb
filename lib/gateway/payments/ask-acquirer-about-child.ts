import type { ChildTransactionType } from "@/lib/contracts/child-transaction";
import type { TransactionRow } from "@/lib/db/schema";
import type { AcquirerAnswer } from "../acquirer/acquirer";
import type { GatewayDeps } from "../context";
import { noteAcquirerAsked } from "../idempotency/acquirer-reached";

/**
 * The acquirer's answer for the child. A call that fails without an answer (a timeout, a dropped connection) is
 * asked once more with the same idempotency key — the acquirer answers a repeat as it answered the first, so this
 * moves no money twice. Null when it fails again.
 */
export async function askAcquirerAboutChild(
  deps: GatewayDeps,
  type: ChildTransactionType,
  parent: TransactionRow,
  child: TransactionRow,
  reason: string,
): Promise<AcquirerAnswer | null> {
  const parentResult = (parent.body as Record<string, { ref_id?: string | null } | undefined>)[parent.type];
  const followUp = {
    idempotencyKey: child.uid,
    parentRefId: parentResult?.ref_id ?? parent.uid,
    amount: child.amount,
    currency: child.currency,
    test: child.test,
  };
  const call = () =>
    type === "capture"
      ? deps.acquirer.capture(followUp)
      : type === "void"
        ? deps.acquirer.void(followUp)
        : deps.acquirer.refund({ ...followUp, reason });
  noteAcquirerAsked(child.uid);
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await call();
    } catch (error) {
      deps.logger.warn({ err: error, transactionUid: child.uid, attempt }, "acquirer call failed");
    }
  }
  return null;
}
