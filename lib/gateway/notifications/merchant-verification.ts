import type { Transaction } from "@/lib/contracts/transaction";
import type { Database } from "@/lib/db/client";
import type { Config } from "@/lib/server/config";
import type { Logger } from "@/lib/server/log";
import { postToMerchant } from "../net/post-to-merchant";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { newDeliveryId } from "../transactions/delivery-id";
import type { OwnBody, OwnColumns } from "../transactions/own-body";
import { transactionWithoutChildren } from "../transactions/transaction-view";
import type { Keyring } from "../vault/keyring";
import { loadShopSigningKeys, signedRequestHeaders } from "./signing";

export const VERIFICATION_TIMEOUT_MS = 10_000;
export const REJECTED_BY_MERCHANT = "Rejected by merchant verification";
/** A merchant's own rejection message becomes the transaction's `message`, which has the spec's string limits. */
const MAX_MESSAGE_LENGTH = 255;

export type MerchantVerdict = { approved: true } | { approved: false; message: string };

export interface VerifyWithMerchantOptions {
  /** How long to wait for the merchant's answer (default 10 s). */
  timeoutMs?: number;
}

/**
 * The transaction as the merchant is asked about it: not final yet (`incomplete`, no tokenization result) and
 * without a card token, which is only issued once the merchant approves.
 */
export function transactionAwaitingVerification(
  uid: string,
  columns: OwnColumns,
  body: OwnBody,
  at: Date,
): Transaction {
  return transactionWithoutChildren({
    ...columns,
    uid,
    status: "incomplete",
    body,
    createdAt: at,
    updatedAt: at,
  });
}

/** The merchant's `message`, if its answer carries a usable one. */
function merchantMessage(answer: unknown): string | null {
  if (answer === null || typeof answer !== "object" || !("message" in answer)) return null;
  const { message } = answer as { message: unknown };
  if (typeof message !== "string") return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being removed
  const cleaned = message.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return cleaned === "" ? null : cleaned.slice(0, MAX_MESSAGE_LENGTH);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Asks the merchant's `verification_url` whether to complete `transaction`: a synchronous POST of
 * `{"transaction": {...}}` signed like a notification. Only a 2xx answer whose JSON is `{"code": 0}` approves;
 * anything else — another code, another status, a body that is not JSON, an error, a blocked address, no answer
 * in time — rejects (fail closed), with the merchant's `message` when it gave one.
 */
export async function verifyWithMerchant(
  deps: { db: Database; keyring: Keyring; logger: Logger; config: Pick<Config, "allowPrivateUrls"> },
  shop: AuthenticatedShop,
  transaction: Transaction,
  options: VerifyWithMerchantOptions = {},
): Promise<MerchantVerdict> {
  const url = transaction.verification_url;
  if (!url) return { approved: true };
  const started = performance.now();
  const log = { transactionUid: transaction.uid, shopId: shop.id };
  try {
    const body = JSON.stringify({ transaction });
    const keys = await loadShopSigningKeys(deps.db, deps.keyring, shop.id);
    const answer = await postToMerchant({
      url,
      body,
      headers: signedRequestHeaders({ keys, webhookId: newDeliveryId(), sentAt: new Date(), body }),
      timeoutMs: options.timeoutMs ?? VERIFICATION_TIMEOUT_MS,
      allowPrivateUrls: deps.config.allowPrivateUrls,
    });
    const parsed = parseJson(answer.body);
    const ms = Math.round(performance.now() - started);
    const approved =
      answer.status >= 200 &&
      answer.status < 300 &&
      !answer.truncated &&
      parsed !== null &&
      typeof parsed === "object" &&
      (parsed as { code?: unknown }).code === 0;
    deps.logger.info({ ...log, status: answer.status, approved, ms }, "merchant verification answered");
    if (approved) return { approved: true };
    return { approved: false, message: merchantMessage(parsed) ?? REJECTED_BY_MERCHANT };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    deps.logger.warn({ ...log, error: (error as Error).message, ms }, "merchant verification failed");
    return { approved: false, message: REJECTED_BY_MERCHANT };
  }
}
