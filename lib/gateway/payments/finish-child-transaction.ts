import { eq, sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { type JsonRecordset, jsonRecordset } from "@/lib/db/json-insert";
import { shopperEmails, type TransactionRow, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { mayEmailShopper, shopperEmailForTransaction } from "../emails/enqueue-shopper-email";
import { type ChildOwnBody, renderChildBody } from "../transactions/child-body";
import type { ChildFinish } from "../transactions/child-writer";
import { countEnded } from "../transactions/count-ended";
import { newDeliveryId } from "../transactions/delivery-id";
import type { OwnBody } from "../transactions/own-body";
import type { RenderableRow } from "../transactions/transaction-view";

/** The parent a child acts on, and the shop's setting its authorization's expiry falls back on. */
export interface ParentOptions {
  shopId: number;
  uid: string;
  authorizationExpiryDays: number;
}

/**
 * The payment a refund's e-mail names, and its amount ("partial refund of €5.00 of €12.99"): read only for a refund
 * that e-mails its shopper, by primary key.
 */
async function refundedPayment(
  deps: GatewayDeps,
  uid: string,
): Promise<{ amount: number; uid: string } | null> {
  const [parent] = await deps.db
    .select({ amount: transactions.amount, uid: transactions.uid })
    .from(transactions)
    .where(eq(transactions.uid, uid));
  return parent ?? null;
}

/**
 * Gives an `incomplete` child the acquirer's answer, under its parent's row lock: the child's status and its own
 * facts (`ChildOwnBody`), the parent's totals brought up to date from its children (its `amounts` are rendered from
 * them), and the merchant's notification (to the parent's `notification_url`), all in one database transaction.
 *
 * The locked steps run in the database, as one statement (lib/db/functions/tessera_finish_child.sql): the lock is
 * held for no round trip between them. The children finished at the same moment share that statement
 * (`ChildWriter`), unless this one e-mails its shopper. Answers the child's row with its parent's body beside it,
 * ready to render (`transactionFromRow`).
 */
export async function finishChildTransaction({
  deps,
  parentOptions,
  originBody,
  child,
  status,
  body,
}: {
  deps: GatewayDeps;
  parentOptions: ParentOptions;
  /** Its origin's own body (`RenderableRow`): the card, customer and echoed fields the child's response shows. */
  originBody: OwnBody;
  child: TransactionRow;
  status: "successful" | "failed" | "error";
  body: ChildOwnBody;
}): Promise<RenderableRow> {
  const fixedTime = deps.clock.isFixed ? deps.clock.now().toISOString() : null;
  // What the child answers, for its notification's address, its shopper's e-mail and its metric.
  const shown = renderChildBody(originBody, child, body);
  const notificationUrl = shown.notification_url ?? null;
  // A capture's receipt or a refund's notice to the shopper: inserted by the same statement, once the function
  // finished the child (not on a repeat), so it commits with it.
  const shopperEmail = mayEmailShopper(status, shown)
    ? shopperEmailForTransaction(
        await deps.shops.get(parentOptions.shopId),
        { uid: child.uid, status, body: shown },
        deps.clock.isFixed ? deps.clock.now() : null,
        child.type === "refund" ? await refundedPayment(deps, parentOptions.uid) : null,
      )
    : null;
  const finish: ChildFinish = {
    child_uid: child.uid,
    locked_parent_uid: parentOptions.uid,
    parent_shop_id: parentOptions.shopId,
    child_status: status,
    child_body: body,
    at: fixedTime,
    delivery_id: notificationUrl ? newDeliveryId() : null,
    delivery_url: notificationUrl,
  };
  const finishedAt = shopperEmail
    ? await finishWithShopperEmail(deps, finish, jsonRecordset(shopperEmails, [shopperEmail]))
    : await deps.childWriter.finish(finish);
  // Finished already (a repeat of this step): nothing changed; the row as it is.
  if (finishedAt === null) {
    const [current] = await deps.db.select().from(transactions).where(eq(transactions.uid, child.uid));
    return { ...current, originBody };
  }
  countEnded(deps.metrics, { status, type: child.type, test: child.test });
  if (notificationUrl || shopperEmail) deps.outbox.nudge();
  // The added key first: V8 extends a spread copy slowly (docs/decisions.md, "Cheaper answers").
  return { originBody, ...child, status, body, updatedAt: new Date(finishedAt) };
}

/**
 * tessera_finish_child and the shopper's e-mail in one statement, the e-mail inserted only if the child finished
 * now: a statement of its own, not batched, as few children send one.
 */
async function finishWithShopperEmail(
  deps: GatewayDeps,
  item: ChildFinish,
  email: JsonRecordset,
): Promise<string | Date | null> {
  const finish = sql`tessera_finish_child(${item.child_uid}, ${item.locked_parent_uid}, ${item.parent_shop_id},
      ${item.child_status}, ${JSON.stringify(item.child_body)}::json, ${item.at}::timestamptz,
      ${item.delivery_id}::text, ${item.delivery_url}::text)`;
  const [result] = await queryRows<{ finished_at: string | Date | null }>(
    deps.db,
    sql`with finished as (select ${finish} as finished_at),
      new_shopper_email as (
        insert into ${shopperEmails} (${email.columns})
        select ${email.columns} from ${email.relation} as email, finished where finished.finished_at is not null
      )
      select finished_at from finished`,
  );
  return result.finished_at;
}
