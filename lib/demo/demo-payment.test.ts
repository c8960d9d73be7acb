import { describe, expect, it } from "vitest";
import type { CheckoutView } from "@/lib/contracts/checkout";
import type { Transaction } from "@/lib/contracts/transaction";
import { demoOutcome } from "./demo-payment";

const UID = "0b0f4c52-8f55-4d2e-9a55-3c1f0e7c9d11";
const TOKEN = "ab".repeat(32);

/** The fields of the gateway's answer the demo reads; the rest of a real answer changes nothing it shows. */
function transaction(fields: Partial<Transaction> = {}): Transaction {
  return {
    uid: UID,
    type: "payment",
    status: "successful",
    message: "Successfully processed",
    amount: 1290,
    currency: "EUR",
    receipt_url: `https://pay.example/gateway/process/${UID}/receipt`,
    credit_card: { brand: "visa", last_4: "0000", token: TOKEN },
    ...fields,
  } as Transaction;
}

function session(status: CheckoutView["status"], last: Transaction | null): CheckoutView {
  return {
    status,
    order: { amount: 1290, currency: "EUR", description: "Tessera mug, 330 ml" },
    gateway_response: last ? { transaction: last } : null,
  } as CheckoutView;
}

describe("the demo shop's reading of its checkout session", () => {
  it("a successful payment is paid, with its amount, uid, receipt and card, and says a token came back", () => {
    const outcome = demoOutcome(session("successful", transaction()));
    expect(outcome.paid).toBe(true);
    expect(outcome.summary).toBe("Paid: €12.90 was charged to the visa ending in 0000.");
    expect(outcome.payment).toEqual({
      uid: UID,
      type: "payment",
      status: "successful",
      message: "Successfully processed",
      amount: "€12.90",
      receiptUrl: `https://pay.example/gateway/process/${UID}/receipt`,
      card: "visa ending in 0000",
      cardTokenReceived: true,
    });
    // The token is the merchant's credential to charge the card again: what the page draws never holds it.
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
  });

  it("the amount is the payment's own, in its currency's decimals", () => {
    const outcome = demoOutcome(session("successful", transaction({ amount: 1290, currency: "JPY" })));
    expect(outcome.payment?.amount).toBe("¥1,290");
  });

  it("a declined payment is not paid and says why, without a receipt or a token", () => {
    const declined = transaction({
      status: "failed",
      message: "Payment was declined",
      receipt_url: null,
      credit_card: { brand: "visa", last_4: "0019", token: null } as Transaction["credit_card"],
    });
    const outcome = demoOutcome(session("failed", declined));
    expect(outcome.paid).toBe(false);
    expect(outcome.summary).toBe("Not paid: Payment was declined.");
    expect(outcome.payment).toMatchObject({ receiptUrl: null, cardTokenReceived: false, status: "failed" });
  });

  it("a payment waiting on 3-D Secure is not paid yet", () => {
    const pending = transaction({ status: "incomplete", message: null, receipt_url: null });
    const outcome = demoOutcome(session("incomplete", pending));
    expect(outcome.paid).toBe(false);
    expect(outcome.summary).toBe("Not paid yet: card verification is in progress.");
  });

  it("a session without a transaction: canceled, expired or still open", () => {
    expect(demoOutcome(session("failed", null))).toMatchObject({
      paid: false,
      summary: "Not paid: the shopper canceled the payment.",
      payment: null,
    });
    expect(demoOutcome(session("error", null)).summary).toBe("Not paid: the session expired.");
    expect(demoOutcome(session("pending", null)).summary).toBe(
      "Not paid yet: the session is waiting for the shopper.",
    );
  });

  it("a card stored without a charge (a tokenization) is no payment", () => {
    const stored = transaction({ type: "tokenization", receipt_url: undefined });
    const outcome = demoOutcome(session("successful", stored));
    expect(outcome.paid).toBe(false);
    expect(outcome.summary).toBe("Not paid: the session made a tokenization, not a payment.");
  });

  it("a gateway message ending in a full stop is not given a second one", () => {
    const errored = transaction({ status: "error", message: "Acquirer unavailable.", receipt_url: null });
    expect(demoOutcome(session("failed", errored)).summary).toBe("Not paid: Acquirer unavailable.");
  });
});
