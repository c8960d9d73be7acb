import type { Database } from "@/lib/db/client";
import type { Clock } from "../clock";
import type { TransactionCounter } from "./count-ended";
import {
  type DatabaseTransaction,
  finishTransactions,
  type ShopperEmailRow,
  type TransactionFinish,
} from "./finish-transactions";
import type { MoneyAnswerWriter } from "./money-answer-writer";
import type { OwnBody, OwnColumns } from "./own-body";
import type { WrittenTransaction } from "./transaction-writer";

/**
 * Stores the end of a money transaction that was written `incomplete` while the acquirer was asked: its status and
 * body, the card (kept only when it succeeded and the card was stored for it, not only held for the charge), and
 * the notification outbox row, atomically, through the one guarded transition (`finishTransactions`), so it happens
 * once. Null when the row had already ended.
 */
export async function finishMoneyTransaction(
  deps: {
    db: Database;
    clock: Clock;
    metrics: TransactionCounter;
    moneyAnswers: MoneyAnswerWriter;
    /**
     * The notification worker's signal (`OutboxSignal`), nudged once the rows it sends are committed. Typed by the one
     * method used: the signal is lib/gateway/notifications', a layer above the core.
     */
    outbox: { nudge(): void };
  },
  finish: {
    uid: string;
    shopId: number;
    status: "successful" | "failed" | "error";
    columns: OwnColumns;
    body: OwnBody;
    cardToken: string | null;
    /** The card record was written for this transaction (not a stored card named by its token). */
    ownsCard: boolean;
    /**
     * The card record was written only to carry out this charge (the shopper did not choose to save it): it goes
     * whatever the outcome. The caller leaves its token out of the body.
     */
    heldForCharge?: boolean;
    /**
     * Runs first in the same database transaction; false ends it without a change (a 3-D Secure challenge that
     * another request finished first).
     */
    claim?: (tx: DatabaseTransaction) => Promise<boolean>;
    /** The shopper's receipt (or payout notice), built by the caller: it commits with the answer, like the merchant's notification. */
    shopperEmail: ShopperEmailRow | null;
  },
): Promise<WrittenTransaction | null> {
  const successful = finish.status === "successful";
  const discardCard =
    finish.cardToken !== null && ((!successful && finish.ownsCard) || finish.heldForCharge === true);
  const notificationUrl = finish.body.notification_url;
  const shopperEmail = finish.shopperEmail;
  const end: TransactionFinish = {
    uid: finish.uid,
    shopId: finish.shopId,
    status: finish.status,
    columns: finish.columns,
    body: finish.body,
    keepCard: !discardCard && finish.cardToken !== null,
    discardCard: discardCard ? finish.cardToken : null,
    notificationUrl: notificationUrl ?? null,
    shopperEmail,
  };
  const claim = finish.claim;
  // Without a claim, the answer joins those of concurrent payments in one statement (`MoneyAnswerWriter`).
  const ended = claim
    ? await deps.db.transaction(async (tx) => {
        if (!(await claim(tx))) return null;
        const [row] = await finishTransactions(tx, deps, [end]);
        return row;
      })
    : await deps.moneyAnswers.write(end);
  if (ended && (notificationUrl || shopperEmail)) deps.outbox.nudge();
  return ended;
}
