import { and, eq } from "drizzle-orm";
import { notificationDeliveries, type TransactionRow, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { newDeliveryId } from "../notifications/delivery-id";
import type { TransactionBody } from "../tokenization/build-transaction";
import { lockParent, parentAmounts } from "./parent-lock";

/**
 * Gives an `incomplete` child the acquirer's answer, under its parent's row lock: the child's status and body,
 * the parent's `amounts` recomputed from its children (so the parent's response shows what it has left), and the
 * merchant's notification (to the parent's `notification_url`), all in one database transaction. A successful
 * capture starts with `amounts` of its own, being a refund's parent in turn.
 */
export async function finishChildTransaction({
  deps,
  lockOptions,
  child,
  status,
  body,
}: {
  deps: GatewayDeps;
  lockOptions: Parameters<typeof lockParent>[1];
  child: TransactionRow;
  status: "successful" | "failed" | "error";
  body: TransactionBody;
}): Promise<TransactionRow> {
  const fixedTime = deps.clock.isFixed ? deps.clock.now() : null;
  const now = deps.clock.sqlNow();
  const notificationUrl = (body as { notification_url?: string | null }).notification_url ?? null;
  const finished = await deps.db.transaction(async (tx) => {
    await lockParent(tx, lockOptions);
    const ownAmounts =
      status === "successful" && child.type === "capture"
        ? {
            amounts: parentAmounts({
              row: { ...child, status },
              totals: {
                successful: { capture: 0, void: 0, refund: 0 },
                inFlight: { capture: 0, void: 0, refund: 0 },
              },
              authorizationExpiresAt: null,
              expired: false,
            }),
          }
        : {};
    const [updated] = await tx
      .update(transactions)
      .set({ status, body: { ...body, ...ownAmounts }, updatedAt: now })
      .where(and(eq(transactions.uid, child.uid), eq(transactions.status, "incomplete")))
      .returning();
    // Finished already (a repeat of this step): nothing changes twice.
    if (!updated) {
      const [current] = await tx.select().from(transactions).where(eq(transactions.uid, child.uid));
      return current;
    }
    // Read again now that the child has its final status.
    const parent = await lockParent(tx, lockOptions);
    await tx
      .update(transactions)
      .set({
        body: { ...(parent.row.body as object), amounts: parentAmounts(parent) },
        updatedAt: now,
      })
      .where(eq(transactions.uid, parent.row.uid));
    if (notificationUrl) {
      await tx.insert(notificationDeliveries).values({
        id: newDeliveryId(),
        shopId: child.shopId,
        transactionUid: child.uid,
        url: notificationUrl,
        ...(fixedTime ? { nextAttemptAt: fixedTime, createdAt: fixedTime, updatedAt: fixedTime } : {}),
      });
    }
    return updated;
  });
  if (notificationUrl) deps.outbox.nudge();
  return finished;
}
