import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disputes } from "@/lib/db/schema";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { ManualClock } from "@/lib/gateway/clock";
import { CHARGED_BACK } from "@/lib/gateway/payments/child-refusals";
import { postChild, readTransaction } from "../child-helpers";
import { callJson, type JsonBody, startTestGateway, type TestGateway, type TestShop } from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

/**
 * Disputes from the sandbox's test cards to the merchant's answer: what the bank takes and gives back, what the
 * merchant hears and may do, and that nothing is paid twice.
 */
const clock = new ManualClock(new Date());
let gateway: TestGateway;
let shop: TestShop;
let merchant: WebhookReceiver;

beforeAll(async () => {
  merchant = await startWebhookReceiver();
  gateway = await startTestGateway({ clock, acquirer: new SandboxAcquirer({ disputeDelayMs: 0 }) });
  shop = await gateway.createShop({ notification_url: `${merchant.origin}/shop-hooks` });
});

afterAll(async () => {
  await gateway.close();
  await merchant.close();
});

async function pay(number: string, amount = 5000) {
  const response = await postPayment(
    gateway,
    shop,
    paymentRequest(
      {
        amount,
        currency: "EUR",
        duplicate_check: false,
        notification_url: `${merchant.origin}/payment-hooks`,
      },
      { number },
    ),
  );
  expect(response.body.transaction.status).toBe("successful");
  return response.body.transaction as JsonBody;
}

async function disputesOf(uid: string): Promise<JsonBody[]> {
  const response = await callJson(gateway, `/disputes?transaction_uid=${uid}`, { shop });
  expect(response.status).toBe(200);
  return response.body as JsonBody[];
}

/** The webhooks the merchant received since `from`, after the worker sent what is due. */
async function hooksSince(from: number) {
  while ((await gateway.runtime.notifications.runOnce()) > 0) {}
  return merchant.received
    .slice(from)
    .map((request) => ({ path: request.path, body: JSON.parse(request.body) }));
}

// biome-ignore format: one key order a line, as the response has it
const CHARGEBACK_KEYS = ["uid", "id", "status", "message", "amount", "currency", "description", "tracking_id", "language", "type", "payment_method_type", "test", "paid_at", "status_code", "duplicate_check", "dynamic_billing_descriptor", "notification_url", "verification_url", "return_url", "skip_three_d_secure_verification", "force_three_d_secure_verification", "three_d_secure", "credit_card", "three_d_secure_verification", "additional_data", "smart_routing_verification", "customer", "billing_address", "travel", "redirect_url", "chargeback", "parent_uid", "reason", "parent_transaction", "created_at", "updated_at"];

describe("a chargeback", () => {
  it("arrives for a fraud test card: the dispute, bePaid's chargeback transaction and the events reach both URLs", async () => {
    const payment = await pay("4000000000000259");
    const received = merchant.received.length;
    expect(await gateway.runtime.disputeFeed.sweepOnce()).toBeGreaterThan(0);
    const [dispute] = await disputesOf(payment.uid);
    expect(dispute).toMatchObject({
      object: "dispute",
      kind: "chargeback",
      transaction_uid: payment.uid,
      amount: 5000,
      currency: "EUR",
      reason: "fraudulent",
      network_reason_code: "10.4",
      status: "needs_response",
      fee: 1500,
      funds_withdrawn: true,
      funds_reinstated: false,
      test: true,
      evidence_details: { has_evidence: false, past_due: false, submission_count: 0 },
    });
    expect(dispute.id).toMatch(/^dsp_[0-9a-f]{16}$/);
    expect((await callJson(gateway, `/disputes/${dispute.id}`, { shop })).body).toEqual(dispute);

    const hooks = await hooksSince(received);
    const chargebacks = hooks.filter((hook) => hook.body.transaction?.type === "chargeback");
    expect(chargebacks.map((hook) => hook.path).sort()).toEqual(["/payment-hooks", "/shop-hooks"]);
    const chargeback = chargebacks[0].body.transaction;
    expect(chargeback).toMatchObject({
      type: "chargeback",
      status: "successful",
      parent_uid: payment.uid,
      amount: 5000,
      currency: "EUR",
      reason: "fraudulent",
      chargeback: { status: "successful", reason: "fraudulent", reason_code: "10.4", dispute_id: dispute.id },
      parent_transaction: { uid: payment.uid, type: "payment", status: "successful", amount: 5000 },
    });
    // The payment's fields in its order, then what only a chargeback has (the order bePaid's clients are given).
    expect(Object.keys(chargeback)).toEqual(CHARGEBACK_KEYS);
    expect(chargeback).toMatchObject({
      credit_card: payment.credit_card,
      three_d_secure_verification: payment.three_d_secure_verification,
      duplicate_check: false,
      redirect_url: null,
      paid_at: null,
    });
    expect(await readTransaction(gateway, shop, chargeback.uid)).toEqual(chargeback);
    const events = hooks
      .filter((hook) => hook.body.object === "dispute")
      .map((hook) => [hook.path, hook.body.event]);
    expect(events.sort()).toEqual(
      [
        ["/payment-hooks", "dispute.created"],
        ["/payment-hooks", "dispute.funds_withdrawn"],
        ["/shop-hooks", "dispute.created"],
        ["/shop-hooks", "dispute.funds_withdrawn"],
      ].sort(),
    );
  });

  it("of a capture: the chargeback shows the authorization's card and fields, and reaches its notification URL", async () => {
    const authorized = await postPayment(
      gateway,
      shop,
      paymentRequest(
        {
          amount: 4000,
          currency: "EUR",
          duplicate_check: false,
          notification_url: `${merchant.origin}/payment-hooks`,
          customer: { email: "disputed@example.com" },
        },
        { number: "4000000000000259" },
      ),
      "authorizations",
    );
    expect(authorized.body.transaction.status).toBe("successful");
    const authorization = authorized.body.transaction as JsonBody;
    const captured = await postChild(gateway, shop, "captures", {
      parent_uid: authorization.uid,
      amount: 3000,
    });
    expect(captured.status).toBe(200);
    const capture = captured.body.transaction as JsonBody;
    const received = merchant.received.length;
    expect(await gateway.runtime.disputeFeed.sweepOnce()).toBeGreaterThan(0);
    const [dispute] = await disputesOf(capture.uid);
    expect(dispute).toMatchObject({ kind: "chargeback", transaction_uid: capture.uid, amount: 3000 });

    const hooks = await hooksSince(received);
    const chargebacks = hooks.filter((hook) => hook.body.transaction?.type === "chargeback");
    expect(chargebacks.map((hook) => hook.path).sort()).toEqual(["/payment-hooks", "/shop-hooks"]);
    const chargeback = chargebacks[0].body.transaction;
    expect(chargeback).toMatchObject({
      parent_uid: capture.uid,
      amount: 3000,
      credit_card: authorization.credit_card,
      customer: authorization.customer,
      description: authorization.description,
      notification_url: `${merchant.origin}/payment-hooks`,
      parent_transaction: { uid: capture.uid, type: "capture", status: "successful", amount: 3000 },
      // As the capture shows them: its own duplicate check, no 3-D Secure step of its own.
      duplicate_check: capture.duplicate_check,
      three_d_secure_verification: capture.three_d_secure_verification,
    });
    expect(Object.keys(chargeback)).toEqual(CHARGEBACK_KEYS);
    expect(await readTransaction(gateway, shop, chargeback.uid)).toEqual(chargeback);
  });

  it("leaves nothing to refund while open or once lost; won, the payment is refundable again", async () => {
    const lost = await pay("4000000000000259");
    const won = await pay("4000000000002685");
    await gateway.runtime.disputeFeed.sweepOnce();
    for (const payment of [lost, won]) {
      const refund = await postChild(gateway, shop, "refunds", {
        parent_uid: payment.uid,
        amount: 100,
        reason: "x",
      });
      expect(refund.status).toBe(422);
      expect(refund.body.errors).toEqual({ base: [CHARGED_BACK] });
    }
    const [lostDispute] = await disputesOf(lost.uid);
    const [wonDispute] = await disputesOf(won.uid);
    expect(wonDispute.reason).toBe("product_not_received");
    const answer = (id: string, text: string) =>
      callJson(gateway, `/disputes/${id}/evidence`, {
        shop,
        body: { evidence: { uncategorized_text: text, shipping_tracking_number: "1Z999" }, submit: true },
      });
    expect((await answer(lostDispute.id, "losing_evidence")).body.status).toBe("under_review");
    expect((await answer(wonDispute.id, "winning_evidence")).body).toMatchObject({
      status: "under_review",
      evidence_details: { has_evidence: true, submission_count: 1 },
    });
    const received = merchant.received.length;
    await gateway.runtime.disputeFeed.sweepOnce();
    expect((await callJson(gateway, `/disputes/${lostDispute.id}`, { shop })).body.status).toBe("lost");
    expect((await callJson(gateway, `/disputes/${wonDispute.id}`, { shop })).body).toMatchObject({
      status: "won",
      funds_reinstated: true,
    });
    const events = (await hooksSince(received))
      .filter((hook) => hook.path === "/shop-hooks")
      .map((hook) => [hook.body.id, hook.body.event, hook.body.status]);
    expect(events).toEqual(
      expect.arrayContaining([
        [lostDispute.id, "dispute.closed", "lost"],
        [wonDispute.id, "dispute.closed", "won"],
        [wonDispute.id, "dispute.funds_reinstated", "won"],
      ]),
    );
    const refundLost = await postChild(gateway, shop, "refunds", {
      parent_uid: lost.uid,
      amount: 100,
      reason: "x",
    });
    expect(refundLost.body.errors).toEqual({ base: [CHARGED_BACK] });
    const refundWon = await postChild(gateway, shop, "refunds", {
      parent_uid: won.uid,
      amount: 5000,
      reason: "x",
    });
    expect(refundWon.body.transaction.status).toBe("successful");
  });

  it("is not raised for what was refunded before it came, as an issuer that sees the credit would", async () => {
    const whole = await pay("4000000000000259");
    const part = await pay("4000000000000259");
    await postChild(gateway, shop, "refunds", { parent_uid: whole.uid, amount: 5000, reason: "returned" });
    await postChild(gateway, shop, "refunds", { parent_uid: part.uid, amount: 2000, reason: "returned" });
    await gateway.runtime.disputeFeed.sweepOnce();
    expect(await disputesOf(whole.uid)).toEqual([]);
    const [dispute] = await disputesOf(part.uid);
    expect(dispute.amount).toBe(3000);
  });

  it("comes twice for one payment of the two-disputes card, together never more than the payment", async () => {
    const payment = await pay("4000000404000079", 5001);
    await gateway.runtime.disputeFeed.sweepOnce();
    const both = await disputesOf(payment.uid);
    expect(both.map((dispute) => [dispute.reason, dispute.amount]).sort()).toEqual([
      ["duplicate", 2501],
      ["fraudulent", 2500],
    ]);
  });
});

describe("an inquiry and an early fraud warning", () => {
  it("an inquiry takes no money until the bank escalates it", async () => {
    const payment = await pay("4000000000001976");
    await gateway.runtime.disputeFeed.sweepOnce();
    const [inquiry] = await disputesOf(payment.uid);
    expect(inquiry).toMatchObject({
      kind: "inquiry",
      status: "warning_needs_response",
      fee: 0,
      funds_withdrawn: false,
    });
    const refund = await postChild(gateway, shop, "refunds", {
      parent_uid: payment.uid,
      amount: 100,
      reason: "x",
    });
    expect(refund.body.transaction.status).toBe("successful");
    await callJson(gateway, `/disputes/${inquiry.id}/evidence`, {
      shop,
      body: { evidence: { uncategorized_text: "escalate_inquiry_evidence" }, submit: true },
    });
    await gateway.runtime.disputeFeed.sweepOnce();
    const escalated = (await callJson(gateway, `/disputes/${inquiry.id}`, { shop })).body;
    // What was refunded is not taken again.
    expect(escalated).toMatchObject({
      kind: "chargeback",
      status: "needs_response",
      amount: 4900,
      funds_withdrawn: true,
    });
    const [row] = await gateway.runtime.deps.db.select().from(disputes).where(eq(disputes.id, inquiry.id));
    expect(row.chargebackUid).not.toBeNull();
  });

  it("an early fraud warning opens no dispute and says it is actionable", async () => {
    const payment = await pay("4000000000005423");
    const received = merchant.received.length;
    await gateway.runtime.disputeFeed.sweepOnce();
    expect(await disputesOf(payment.uid)).toEqual([]);
    const warnings = (await hooksSince(received)).filter(
      (hook) => hook.body.event === "early_fraud_warning.created",
    );
    expect(warnings.map((hook) => hook.path).sort()).toEqual(["/payment-hooks", "/shop-hooks"]);
    expect(warnings[0].body).toMatchObject({ transaction_uid: payment.uid, actionable: true, test: true });
  });
});

describe("a dispute's status only moves forward", () => {
  it("the database refuses a move back, and a late acquirer event changes nothing", async () => {
    const payment = await pay("4000000000000259");
    await gateway.runtime.disputeFeed.sweepOnce();
    const [dispute] = await disputesOf(payment.uid);
    expect(
      (await callJson(gateway, `/disputes/${dispute.id}/accept`, { shop, method: "POST" })).body.status,
    ).toBe("lost");
    await expect(
      gateway.runtime.deps.db.execute(
        sql`update disputes set status = 'needs_response' where id = ${dispute.id}`,
      ),
    ).rejects.toThrow();
    const [row] = await gateway.runtime.deps.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    const { receiveDisputeEvents } = await import("@/lib/gateway/disputes/dispute-inbox");
    await receiveDisputeEvents(gateway.runtime.deps, [
      {
        eventId: `${row.acquirerRef}_won_late`,
        disputeRef: row.acquirerRef,
        transactionUid: payment.uid,
        kind: "chargeback",
        action: "won",
        reason: "fraudulent",
        networkReasonCode: "10.4",
        amount: null,
        test: true,
        occurredAt: new Date().toISOString(),
      },
    ]);
    await gateway.runtime.disputeFeed.sweepOnce();
    expect((await callJson(gateway, `/disputes/${dispute.id}`, { shop })).body).toMatchObject({
      status: "lost",
      funds_reinstated: false,
    });
  });
});

describe("the merchant's answers, refused where they cannot be taken", () => {
  it("404 for an unknown or another shop's dispute; 422 for bad evidence, after submitting, twice accepted, past due", async () => {
    const other = await gateway.createShop();
    const payment = await pay("4000000000002685");
    await gateway.runtime.disputeFeed.sweepOnce();
    const [dispute] = await disputesOf(payment.uid);
    expect((await callJson(gateway, "/disputes/dsp_0000000000000000", { shop })).status).toBe(404);
    expect((await callJson(gateway, `/disputes/${dispute.id}`, { shop: other })).status).toBe(404);
    expect(
      (await callJson(gateway, `/disputes/${dispute.id}/accept`, { shop: other, method: "POST" })).status,
    ).toBe(404);
    const evidence = (body: unknown) => callJson(gateway, `/disputes/${dispute.id}/evidence`, { shop, body });
    const unknown = await evidence({ evidence: { favourite_colour: "blue", product_description: 7 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      evidence: {
        favourite_colour: ["is not a known evidence field"],
        product_description: ["must be a string"],
      },
    });
    // A request carries at most 64 KiB: evidence is staged over several, up to 150,000 characters in all.
    expect((await evidence({ evidence: { customer_communication: "x".repeat(60_000) } })).status).toBe(200);
    expect((await evidence({ evidence: { access_activity_log: "y".repeat(60_000) } })).status).toBe(200);
    const huge = await evidence({ evidence: { uncategorized_text: "z".repeat(30_001) } });
    expect(huge.status).toBe(422);
    expect(huge.body.errors).toEqual({ evidence: ["is too long (maximum is 150000 characters)"] });
    // Staged, then more staged, then submitted: each field kept.
    expect((await evidence({ evidence: { product_description: "A mug" } })).body.status).toBe(
      "needs_response",
    );
    const submitted = await evidence({ evidence: { refund_policy: "30 days" }, submit: true });
    expect(submitted.body.evidence).toMatchObject({ product_description: "A mug", refund_policy: "30 days" });
    expect(Object.keys(submitted.body.evidence)).toHaveLength(4);
    const again = await evidence({ evidence: { refund_policy: "none" } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ base: ["Evidence has been submitted; it can no longer be changed"] });

    const late = await pay("4000000000002685");
    await gateway.runtime.disputeFeed.sweepOnce();
    const [lateDispute] = await disputesOf(late.uid);
    clock.set(new Date(clock.now().getTime() + 8 * 86_400_000));
    const pastDue = await callJson(gateway, `/disputes/${lateDispute.id}/evidence`, {
      shop,
      body: { evidence: { uncategorized_text: "winning_evidence" }, submit: true },
    });
    expect(pastDue.status).toBe(422);
    expect(pastDue.body.errors.base[0]).toMatch(/^Evidence was due by /);
    // The test bank: not answered by its due date, a chargeback is lost.
    await gateway.runtime.disputeFeed.sweepOnce();
    expect((await callJson(gateway, `/disputes/${lateDispute.id}`, { shop })).body.status).toBe("lost");
    const twice = await callJson(gateway, `/disputes/${lateDispute.id}/accept`, { shop, method: "POST" });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ base: ["Dispute is already lost"] });
    const filtered = await callJson(gateway, "/disputes?status=lost&per_page=100", { shop });
    expect(filtered.body.map((item: JsonBody) => item.id)).toContain(lateDispute.id);
    expect((await callJson(gateway, "/disputes?status=sideways", { shop })).status).toBe(422);
  });
});
