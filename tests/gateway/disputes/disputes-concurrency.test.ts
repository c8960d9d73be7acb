import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { disputeFiles, disputes } from "@/lib/db/schema";
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

describe(`evidence files uploaded at once (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  it("never pass the dispute's ten files, and none lands after the evidence is submitted", async () => {
    const [first] = instances;
    const last = instances[instances.length - 1];
    const shop = await first.createShop();
    const payment = await postPayment(
      first,
      shop,
      paymentRequest(
        { amount: 5_000, currency: "EUR", duplicate_check: false },
        { number: uniqueVisaNumber(seed++) },
      ),
    );
    const uid = payment.body.transaction.uid as string;
    await receiveDisputeEvents(first.runtime.deps, [
      {
        eventId: `files_${uid}`,
        disputeRef: `files_${uid}`,
        transactionUid: uid,
        kind: "chargeback",
        action: "opened",
        reason: "product_not_received",
        networkReasonCode: "13.1",
        amount: null,
        test: true,
        occurredAt: new Date().toISOString(),
      },
    ]);
    await applyDueDisputeEvents(first.runtime.deps);
    const [dispute] = await first.runtime.deps.db
      .select()
      .from(disputes)
      .where(eq(disputes.transactionUid, uid));
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 1),
    ]);
    const upload = (index: number) => {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(png)]), `photo-${index}.png`);
      return fetch(`${instances[index % instances.length].url}/disputes/${dispute.id}/files`, {
        method: "POST",
        headers: { authorization: shop.authorization },
        body: form,
      });
    };
    // Twelve uploads on both instances: ten fit (a dispute holds at most ten files), two cannot, whichever come last.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => upload(index)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(10).fill(201), 422, 422]);

    // Two taken back, then two uploads racing the submission: those before it are kept, none after it.
    const stored = await first.runtime.deps.db
      .select({ id: disputeFiles.id })
      .from(disputeFiles)
      .where(eq(disputeFiles.disputeId, dispute.id));
    await Promise.all(
      stored.slice(0, 2).map((file, index) =>
        instances[index % instances.length].call(`/disputes/${dispute.id}/files/${file.id}`, {
          shop,
          method: "DELETE",
        }),
      ),
    );
    const [submitted, ...late] = await Promise.all([
      last.call(`/disputes/${dispute.id}/evidence`, { shop, body: { evidence: {}, submit: true } }),
      upload(0),
      upload(1),
    ]);
    expect(submitted.status).toBe(200);
    const view = await submitted.json();
    const kept = await first.runtime.deps.db
      .select({ id: disputeFiles.id })
      .from(disputeFiles)
      .where(eq(disputeFiles.disputeId, dispute.id));
    // What the submission answered is what is kept: an upload after it was refused and stored nothing.
    expect(kept.map((file) => file.id).sort()).toEqual(
      view.evidence_files.map((file: { id: string }) => file.id).sort(),
    );
    expect(late.filter((answer) => answer.status === 201).length).toBe(kept.length - 8);
  });
});
