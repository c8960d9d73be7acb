import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { disputes } from "@/lib/db/schema";
import { applyDueDisputeEvents, receiveDisputeEvents } from "@/lib/gateway/disputes/dispute-inbox";
import { postChild } from "../child-helpers";
import { instancesOnOneDatabase, type JsonResponse, uniqueVisaNumber, usePostgres } from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";

/**
 * A refund racing a chargeback: the chargeback is opened under the payment's row lock, which every refund's
 * reservation takes too, so what the bank takes back and what the merchant refunds never overlap.
 */
const instances = instancesOnOneDatabase();
let seed = 913_000;

describe(`refunds racing a chargeback (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  it("never pay the cardholder twice: refunds and the chargeback together stay within the payment", async () => {
    const [first] = instances;
    const last = instances[instances.length - 1];
    const shop = await first.createShop();
    for (let round = 0; round < 3; round++) {
      const payment = await postPayment(
        first,
        shop,
        paymentRequest(
          { amount: 10_000, currency: "EUR", duplicate_check: false },
          { number: uniqueVisaNumber(seed++) },
        ),
      );
      const uid = payment.body.transaction.uid as string;
      await receiveDisputeEvents(last.runtime.deps, [
        {
          eventId: `race_${uid}`,
          disputeRef: `race_${uid}`,
          transactionUid: uid,
          kind: "chargeback",
          action: "opened",
          reason: "fraudulent",
          networkReasonCode: "10.4",
          amount: null,
          test: true,
          occurredAt: new Date().toISOString(),
        },
      ]);
      // Eight refunds of 2,000 on both instances while the chargeback is applied on the other.
      const refunds = Array.from({ length: 8 }, (_, index) =>
        postChild(instances[index % instances.length], shop, "refunds", {
          parent_uid: uid,
          amount: 2_000,
          reason: "returned",
          duplicate_check: false,
        }),
      );
      const [answers] = await Promise.all([Promise.all(refunds), applyDueDisputeEvents(last.runtime.deps)]);
      const refunded = (answers as JsonResponse[])
        .filter((answer) => answer.status === 200 && answer.body.transaction.status === "successful")
        .reduce((sum, answer) => sum + Number(answer.body.transaction.amount), 0);
      const opened = await first.runtime.deps.db
        .select()
        .from(disputes)
        .where(eq(disputes.transactionUid, uid));
      const chargedBack = opened.reduce((sum, dispute) => sum + dispute.amount, 0);
      expect(refunded + chargedBack, `round ${round}`).toBeLessThanOrEqual(10_000);
      // Whatever was not refunded when the chargeback came, it took: the payment is fully accounted for.
      if (opened.length > 0) expect(refunded + chargedBack).toBe(10_000);
      else expect(refunded).toBe(10_000);
    }
  });
});
