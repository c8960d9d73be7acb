import type { CheckoutView } from "@/lib/contracts/checkout";
import { formatAmount } from "@/lib/contracts/format-amount";
import type { Transaction } from "@/lib/contracts/transaction";

/**
 * What the demo shop makes of its checkout session as the gateway reports it (read with the shop's
 * credentials): whether it was paid, in one sentence, and the payment's fields a merchant files with the order.
 */

export interface DemoPayment {
  uid: string;
  type: Transaction["type"];
  status: Transaction["status"];
  message: string | null;
  amount: string;
  receiptUrl: string | null;
  card: string;
  /** Whether the gateway stored the card and answered with its token (the merchant's to keep, never shown). */
  cardTokenReceived: boolean;
}

export interface DemoOutcome {
  paid: boolean;
  summary: string;
  sessionStatus: CheckoutView["status"];
  payment: DemoPayment | null;
}

/** The card as a shopper may see it: brand and last 4 digits, never the token. */
export function describeCard(card: { brand: string | null; last_4: string | null } | undefined): string {
  if (!card?.last_4) return "none";
  return `${card.brand ?? "card"} ending in ${card.last_4}`;
}

function summaryOf(session: CheckoutView, transaction: Transaction | null, amount: string): string {
  if (transaction?.type === "payment" && transaction.status === "successful") {
    return `Paid: ${amount} was charged to the ${describeCard(transaction.credit_card)}.`;
  }
  if (session.status === "error" && !transaction) return "Not paid: the session expired.";
  if (!transaction) {
    return session.status === "failed"
      ? "Not paid: the shopper canceled the payment."
      : "Not paid yet: the session is waiting for the shopper.";
  }
  if (transaction.status === "incomplete") return "Not paid yet: card verification is in progress.";
  if (transaction.type !== "payment")
    return `Not paid: the session made a ${transaction.type}, not a payment.`;
  // The gateway's messages come with or without a full stop ("Payment was declined", "Token is expired.").
  const reason = transaction.message?.replace(/\.$/, "") ?? "the payment did not go through";
  return `Not paid: ${reason}.`;
}

export function demoOutcome(session: CheckoutView): DemoOutcome {
  const transaction = session.gateway_response?.transaction ?? null;
  const amount = formatAmount(
    transaction?.amount ?? session.order.amount,
    transaction?.currency ?? session.order.currency,
    "en",
  );
  return {
    paid: transaction?.type === "payment" && transaction.status === "successful",
    summary: summaryOf(session, transaction, amount),
    sessionStatus: session.status,
    payment: transaction && {
      uid: transaction.uid,
      type: transaction.type,
      status: transaction.status,
      message: transaction.message,
      amount,
      receiptUrl: transaction.receipt_url ?? null,
      card: describeCard(transaction.credit_card),
      cardTokenReceived: Boolean(transaction.credit_card.token),
    },
  };
}
