import type { ChildTransactionType } from "@/lib/contracts/child-transaction";
import type { TransactionRow } from "@/lib/db/schema";
import type { AcquirerAnswer } from "../acquirer/acquirer";
import type { GatewayDeps } from "../context";

/**
 * What the acquirer knows the parent by: its reference in the parent's result object, or the parent's uid for one
 * it gave none.
 */
export function parentRefId(
  parentUid: string,
  parentResult: { ref_id?: string | null } | null | undefined,
): string {
  return parentResult?.ref_id ?? parentUid;
}

/**
 * The acquirer's answer for the child, about the parent it knows as `parentRef` (`parentRefId`). A call that fails without an answer (a timeout, a dropped connection) is
 * asked once more with the same idempotency key — the acquirer answers a repeat as it answered the first, so this
 * moves no money twice. Null when it fails again.
 */
export async function askAcquirerAboutChild(
  deps: Pick<GatewayDeps, "logger" | "acquirer">,
  type: ChildTransactionType,
  parentRef: string,
  child: TransactionRow,
  reason: string,
): Promise<AcquirerAnswer | null> {
  const followUp = {
    idempotencyKey: child.uid,
    parentRefId: parentRef,
    amount: child.amount,
    currency: child.currency,
    test: child.test,
  };
  // A refund's reason goes first: V8 extends a spread copy slowly (docs/decisions.md, "Cheaper answers").
  const call = () =>
    type === "capture"
      ? deps.acquirer.capture(followUp)
      : type === "void"
        ? deps.acquirer.void(followUp)
        : deps.acquirer.refund({ reason, ...followUp });
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await call();
    } catch (error) {
      deps.logger.warn({ err: error, transactionUid: child.uid, attempt }, "acquirer call failed");
    }
  }
  return null;
}
