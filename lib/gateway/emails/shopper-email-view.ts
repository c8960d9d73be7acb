import type { ShopperEmail, ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import type { ShopperEmailRow } from "@/lib/db/schema";
import { shopperEmailSubject } from "./render-shopper-email";
import type { ShopperEmailPayload } from "./shopper-email-payload";

export function shopperEmailPayloadOf(row: ShopperEmailRow): ShopperEmailPayload {
  return (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as ShopperEmailPayload;
}

/** A stored e-mail as the merchant API shows it (the message itself only when one is read, see get-shopper-email). */
export function shopperEmailFromRow(row: ShopperEmailRow): ShopperEmail {
  const payload = shopperEmailPayloadOf(row);
  const kind = row.kind as ShopperEmailKind;
  return {
    id: row.id,
    kind,
    status: row.status,
    to: row.recipient,
    language: row.language,
    subject: shopperEmailSubject({ kind, language: row.language, payload }),
    transaction_uid: row.transactionUid,
    subscription_id: row.subscriptionId,
    test: payload.test,
    attempts: row.attempts,
    last_error: row.lastError,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
