import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards, transactions } from "@/lib/db/schema";
import type { VerificationAnswer, VerifyRequest } from "@/lib/gateway/acquirer/acquirer";
import {
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { RecordingAcquirer } from "../money-helpers";

/** The recording sandbox, whose card checks can be made to throw as an unreachable acquirer does. */
class UnreachableOnDemand extends RecordingAcquirer {
  unreachable = false;

  override verify(request: VerifyRequest): Promise<VerificationAnswer> {
    if (this.unreachable) return Promise.reject(new Error("connect ECONNREFUSED"));
    return super.verify(request);
  }
}

describe("a tokenization's card check goes through the acquirer interface", () => {
  let gateway: TestGateway;
  let acquirer: UnreachableOnDemand;
  let shop: TestShop;
  let declining: TestShop;
  let seed = 930_000;

  beforeAll(async () => {
    acquirer = new UnreachableOnDemand();
    gateway = await startTestGateway({ acquirer });
    shop = await gateway.createShop();
    declining = await gateway.createShop({
      smart_routing_rules: [{ match: { currency: "EUR" }, action: "decline" }],
    });
  });

  afterAll(async () => {
    await gateway.close();
    acquirer.unreachable = false;
  });

  it("asks the acquirer to verify the card, once, with the transaction's uid as its key, and moves no money", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({}, { number: uniqueVisaNumber(seed++) }),
    );
    expect(response.status).toBe(200);
    const { uid, status, test } = response.body.transaction;
    expect(status).toBe("successful");
    expect(acquirer.verifications.filter((call) => call.idempotencyKey === uid)).toEqual([
      { idempotencyKey: uid, test },
    ]);
    expect(acquirer.callsFor(uid)).toEqual([]);
  });

  it("answers with the acquirer's check: a security code that does not match fails the tokenization", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({}, { number: uniqueVisaNumber(seed++), verification_value: "222" }),
    );
    expect(response.body.transaction).toMatchObject({
      status: "failed",
      message: "Security code does not match",
    });
  });

  it("does not ask the acquirer when smart routing declines first", async () => {
    const before = acquirer.verifications.length;
    const response = await postTokenization(
      gateway,
      declining,
      tokenizationRequest({ currency: "EUR" }, { number: uniqueVisaNumber(seed++) }),
    );
    expect(response.body.transaction.status).toBe("failed");
    expect(acquirer.verifications.length).toBe(before);
  });

  it("fails the tokenization, storing no card, when the acquirer cannot be asked", async () => {
    const storedCards = () => gateway.runtime.deps.db.select().from(cards).where(eq(cards.shopId, shop.id));
    const cardsBefore = (await storedCards()).length;
    acquirer.unreachable = true;
    try {
      const response = await postTokenization(
        gateway,
        shop,
        tokenizationRequest({}, { number: uniqueVisaNumber(seed++) }),
      );
      expect(response.status).toBe(200);
      const transaction = response.body.transaction;
      expect(transaction).toMatchObject({
        status: "failed",
        message: "Processor error: the acquirer did not answer",
      });
      expect(transaction.credit_card.token).toBeNull();
      const [row] = await gateway.runtime.deps.db
        .select({ cardToken: transactions.cardToken })
        .from(transactions)
        .where(eq(transactions.uid, transaction.uid));
      expect(row.cardToken).toBeNull();
      expect(await storedCards()).toHaveLength(cardsBefore);
    } finally {
      acquirer.unreachable = false;
    }
  });
});
