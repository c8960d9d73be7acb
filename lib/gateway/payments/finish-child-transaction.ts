import { eq, sql } from "drizzle-orm";
import { queryRowsPrepared } from "@/lib/db/client";
import { type TransactionRow, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { newDeliveryId } from "../notifications/delivery-id";
import type { TransactionBody } from "../tokenization/build-transaction";
import { amountsBeforeChildren } from "./parent-amounts";
import type { ParentOptions } from "./parent-state";

/**
 * Gives an `incomplete` child the acquirer's answer, under its parent's row lock: the child's status and body,
 * the parent's `amounts` recomputed from its children (so the parent's response shows what it has left), and the
 * merchant's notification (to the parent's `notification_url`), all in one database transaction. A capture has
 * `amounts` of its own, being a refund's parent in turn: the whole capture refundable once it succeeded.
 *
 * The locked steps run in the database, as one statement (`tessera_finish_child`, migration 0011): the lock is
 * held for no round trip between them.
 */
export async function finishChildTransaction({
  deps,
  parentOptions,
  child,
  status,
  body,
}: {
  deps: GatewayDeps;
  parentOptions: ParentOptions;
  child: TransactionRow;
  status: "successful" | "failed" | "error";
  body: TransactionBody;
}): Promise<TransactionRow> {
  const fixedTime = deps.clock.isFixed ? deps.clock.now().toISOString() : null;
  const notificationUrl = (body as { notification_url?: string | null }).notification_url ?? null;
  // A capture is a refund's parent: its own `amounts`, all of it refundable once it succeeded, zeros otherwise.
  const ownAmounts =
    child.type === "capture" ? { amounts: amountsBeforeChildren({ ...child, status }, null) } : {};
  const finishedBody = { ...body, ...ownAmounts };
  const [result] = await queryRowsPrepared<{ finished_at: string | Date | null }>(
    deps.db,
    sql`select tessera_finish_child(${child.uid}, ${parentOptions.uid}, ${parentOptions.shopId}, ${status},
      ${JSON.stringify(finishedBody)}::json, ${fixedTime}::timestamptz, ${parentOptions.authorizationExpiryDays}::integer,
      ${notificationUrl ? newDeliveryId() : null}::text, ${notificationUrl}::text) as finished_at`,
    "finish_child",
  );
  // Finished already (a repeat of this step): nothing changed; the row as it is.
  if (result.finished_at === null) {
    const [current] = await deps.db.select().from(transactions).where(eq(transactions.uid, child.uid));
    return current;
  }
  if (notificationUrl) deps.outbox.nudge();
  return { ...child, status, body: finishedBody, updatedAt: new Date(result.finished_at) };
}
