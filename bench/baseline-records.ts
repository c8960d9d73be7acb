import { randomBytes, randomInt } from "node:crypto";

/**
 * The records the benchmark's baseline keeps and returns: the spec's transaction object for each kind of request,
 * as full as the gateway's, so that building and storing them costs the baseline what it costs the gateway.
 */

export interface CardRequest {
  amount: number;
  currency: string;
  description: string;
  tracking_id?: string;
  credit_card: { holder?: string; exp_month: string; exp_year: string };
}

export interface RefundRequest {
  parent_uid: string;
  amount: number;
  reason: string;
}

export type TransactionRecord = { [key: string]: unknown };

function commonFields(uid: string, status: string, type: string, now: string) {
  return {
    uid,
    id: uid,
    status,
    message: "Successfully processed",
    type,
    payment_method_type: "credit_card",
    test: false,
    created_at: now,
    updated_at: now,
    language: "en",
  };
}

/** What a sandbox acquirer's approval carries: the object named after the transaction's type. */
function approval() {
  return {
    status: "successful",
    message: "Approved",
    auth_code: String(randomInt(100000, 999999)),
    rrn: String(randomInt(100000000, 999999999)),
    ref_id: randomBytes(6).toString("hex"),
    bank_code: "00",
    billing_descriptor: "BENCHMARK",
    gateway_id: 1,
  };
}

/** A successful tokenization (`money` absent) or payment (`money` "payment") of a card sent in full. */
export function cardTransactionRecord(
  uid: string,
  token: string,
  request: CardRequest,
  number: string,
  type: "tokenization" | "payment",
): TransactionRecord {
  const card = request.credit_card;
  const now = new Date().toISOString();
  const record: TransactionRecord = {
    ...commonFields(uid, "successful", type, now),
    amount: request.amount,
    currency: request.currency,
    description: request.description,
    tracking_id: request.tracking_id ?? null,
    paid_at: type === "payment" ? now : null,
    redirect_url: `http://127.0.0.1/gateway/process/${uid}`,
    status_code: null,
    credit_card: {
      holder: card.holder ?? null,
      brand: "visa",
      product: null,
      last_4: number.slice(-4),
      first_1: number[0],
      bin: number.slice(0, 6),
      bin_8: number.slice(0, 8),
      issuer_country: null,
      issuer_name: null,
      exp_month: Number(card.exp_month),
      exp_year: Number(card.exp_year),
      stamp: randomBytes(32).toString("hex"),
      token,
      token_provider: null,
    },
    three_d_secure_verification: {
      status: null,
      message: null,
      ve_status: null,
      pa_status: null,
      eci: null,
      xid: null,
      cavv: null,
      cavv_algorithm: null,
      fail_reason: null,
      acs_url: null,
      pa_res_url: null,
      method_process_url: null,
    },
    additional_data: { receipt_text: [], contract: [] },
    smart_routing_verification: { status: "skipped" },
    customer: null,
    billing_address: null,
  };
  if (type === "tokenization") {
    record.tokenization = { message: "Successfully processed", status: "successful", gateway_id: 1 };
  } else {
    record.payment = approval();
    record.parent_uid = null;
    record.receipt_url = `http://127.0.0.1/gateway/receipts/${uid}`;
  }
  return record;
}

/** A successful refund of `parent`: the parent's common fields, the refund's own amount, reason and result. */
export function refundRecord(
  uid: string,
  request: RefundRequest,
  parent: TransactionRecord,
): TransactionRecord {
  const now = new Date().toISOString();
  const { payment: _payment, uid: _uid, id: _id, receipt_url: _receipt, ...inherited } = parent;
  return {
    ...inherited,
    ...commonFields(uid, "successful", "refund", now),
    amount: request.amount,
    reason: request.reason,
    paid_at: null,
    refund: approval(),
    parent_uid: request.parent_uid,
    receipt_url: `http://127.0.0.1/gateway/receipts/${uid}`,
  };
}
