import { randomUUID } from "node:crypto";
import type { DisputeEvent } from "@/lib/contracts/dispute";
import type { DisputeRow } from "@/lib/db/schema";
import { notificationDeliveries, transactions } from "@/lib/db/schema";
import type { ChargebackOwnBody } from "../transactions/chargeback-body";
import { newDeliveryId } from "../transactions/delivery-id";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { bodyFromRow, shownOwnBody } from "../transactions/transaction-view";
import { disputeFromRow } from "./dispute-view";
import type { ChargeRow } from "./disputed-charge";
import { evidenceFilesOf } from "./evidence-files";

export const CHARGEBACK_MESSAGE = "Chargeback received";

/**
 * Where a dispute's news goes: the disputed payment's `notification_url` and the shop's own (`PATCH /shop`), since
 * a payment's URL may be long gone when its bank disputes it; each once.
 */
export function disputeNoticeUrls(charge: ChargeRow, shopNotificationUrl: string | null): string[] {
  const paymentUrl = shownOwnBody(charge).notification_url ?? null;
  return [...new Set([paymentUrl, shopNotificationUrl].filter((url): url is string => Boolean(url)))];
}

/**
 * Queues dispute events (in the subscription events' envelope: the dispute at top level, with its `status`, and
 * `event`) to every URL, in the caller's database transaction: they commit with the change they report or not at all,
 * and are signed, delivered and retried as every webhook is.
 */
export async function queueDisputeEvents(
  tx: DatabaseTransaction,
  dispute: DisputeRow,
  trackingId: string | null,
  events: readonly DisputeEvent[],
  urls: readonly string[],
  now: Date,
): Promise<void> {
  if (urls.length === 0 || events.length === 0) return;
  const files = await evidenceFilesOf(tx, [dispute.id]);
  const view = disputeFromRow(dispute, trackingId, now, files.get(dispute.id) ?? []);
  await tx.insert(notificationDeliveries).values(
    events.flatMap((event) =>
      urls.map((url) => ({
        id: newDeliveryId(),
        shopId: dispute.shopId,
        transactionUid: null,
        subscriptionId: null,
        payload: { ...view, event },
        url,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    ),
  );
}

/** An early fraud warning's event, in the same envelope. */
export async function queueEarlyFraudWarning(
  tx: DatabaseTransaction,
  warning: {
    id: string;
    shopId: number;
    transactionUid: string;
    fraudType: string;
    actionable: boolean;
    test: boolean;
    createdAt: Date;
  },
  urls: readonly string[],
): Promise<void> {
  if (urls.length === 0) return;
  const payload = {
    id: warning.id,
    object: "early_fraud_warning",
    transaction_uid: warning.transactionUid,
    fraud_type: warning.fraudType,
    actionable: warning.actionable,
    test: warning.test,
    created_at: warning.createdAt.toISOString(),
    event: "early_fraud_warning.created",
  };
  await tx.insert(notificationDeliveries).values(
    urls.map((url) => ({
      id: newDeliveryId(),
      shopId: warning.shopId,
      transactionUid: null,
      subscriptionId: null,
      payload,
      url,
      nextAttemptAt: warning.createdAt,
      createdAt: warning.createdAt,
      updatedAt: warning.createdAt,
    })),
  );
}

/**
 * bePaid's `chargeback` transaction: a child of the payment (or capture) the bank took money back from, written
 * `successful` when the chargeback is received, readable by uid and posted to the payment's and the shop's
 * notification URLs as every transaction's webhook is. It stores its own facts (`ChargebackOwnBody`); its response
 * shows the charge's card, customer and echoed fields, rendered at read (`renderChargebackBody`), with the
 * chargeback's amount, `reason`, a `chargeback` object and `parent_transaction`.
 */
export async function writeChargebackTransaction(
  tx: DatabaseTransaction,
  charge: ChargeRow,
  dispute: DisputeRow,
  urls: readonly string[],
  now: Date,
): Promise<string> {
  const uid = randomUUID();
  const body: ChargebackOwnBody = {
    message: CHARGEBACK_MESSAGE,
    duplicate_check: bodyFromRow(charge).duplicate_check,
    chargeback: {
      status: "successful",
      message: CHARGEBACK_MESSAGE,
      reason: dispute.reason,
      reason_code: dispute.networkReasonCode,
      dispute_id: dispute.id,
    },
    reason: dispute.reason,
    parent_transaction: {
      uid: charge.uid,
      type: charge.type,
      status: charge.status,
      amount: charge.amount,
      currency: charge.currency,
      tracking_id: charge.trackingId,
    },
  };
  await tx.insert(transactions).values({
    uid,
    shopId: charge.shopId,
    status: "successful",
    type: "chargeback",
    parentUid: charge.uid,
    amount: dispute.amount,
    currency: dispute.currency,
    trackingId: charge.trackingId,
    trackingIds: charge.trackingIds,
    cardToken: null,
    duplicateFingerprint: null,
    test: charge.test,
    body,
    createdAt: now,
    updatedAt: now,
  });
  if (urls.length > 0) {
    await tx.insert(notificationDeliveries).values(
      urls.map((url) => ({
        id: newDeliveryId(),
        shopId: charge.shopId,
        transactionUid: uid,
        url,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  return uid;
}
