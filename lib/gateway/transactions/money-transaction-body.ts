import type { ParentAmounts } from "@/lib/contracts/child-transaction";
import type { MoneyResult, MoneyType } from "@/lib/contracts/money-result";
import type { AcquirerAnswer } from "../acquirer/acquirer";
import type { TransactionBody } from "./build-transaction";

/** The result object of a money transaction still waiting for its answer (3-D Secure, or the acquirer). */
export function pendingMoneyResult(gatewayId: number): MoneyResult {
  return {
    status: null,
    message: null,
    auth_code: null,
    rrn: null,
    ref_id: null,
    bank_code: null,
    billing_descriptor: null,
    gateway_id: gatewayId,
  };
}

/** The acquirer's answer as the object named after the transaction's type. */
export function moneyResultFromAnswer(answer: AcquirerAnswer, gatewayId: number): MoneyResult {
  return {
    status: answer.status,
    message: answer.message,
    auth_code: answer.authCode,
    rrn: answer.rrn,
    ref_id: answer.refId,
    bank_code: answer.bankCode,
    billing_descriptor: answer.billingDescriptor,
    gateway_id: gatewayId,
  };
}

/** The result object of a money transaction's body, whatever its type (undefined for a tokenization). */
export function moneyResultOf(
  body: Pick<TransactionBody, "type"> & Partial<TransactionBody>,
): MoneyResult | undefined {
  return body.type === "tokenization" ? undefined : (body[body.type] as MoneyResult | undefined);
}

/**
 * A money transaction's body from the common fields a tokenization's has (card, customer, 3-D Secure, echoed
 * parameters): its type, the result object named after the type in the place of `tokenization`, then the
 * fields only money transactions carry (`amounts` last, for the parents of captures, voids and refunds). Key
 * order is the response's.
 */
export function moneyTransactionBody(
  common: TransactionBody,
  money: {
    type: MoneyType;
    result: MoneyResult;
    parentUid?: string | null;
    receiptUrl: string | null;
    paidAt: string | null;
    /** A payment's, authorization's or capture's remaining amounts (`amountsBeforeChildren`). */
    amounts?: ParentAmounts;
  },
): TransactionBody {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(common)) {
    if (key === "tokenization" || MONEY_KEY_SET.has(key)) continue;
    body[key] = value;
    if (key === "credit_card") body[money.type] = money.result;
  }
  body.type = money.type;
  body.paid_at = money.paidAt;
  if (!(money.type in body)) body[money.type] = money.result;
  body.parent_uid = money.parentUid ?? null;
  body.receipt_url = money.receiptUrl;
  if (money.amounts) body.amounts = money.amounts;
  return body as TransactionBody;
}

/** The keys only money transactions carry: each type's result object, and the family's. */
export const MONEY_KEYS = [
  "payment",
  "authorization",
  "capture",
  "void",
  "refund",
  "credit",
  "parent_uid",
  "receipt_url",
  "amounts",
] as const;
const MONEY_KEY_SET: ReadonlySet<string> = new Set(MONEY_KEYS);
