import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParent, postChild } from "../child-helpers";
import {
  callJson,
  type JsonResponse,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";

/**
 * An amount sent as a string is digits only (`^[0-9]+$`, as OpenAPI says) wherever the API takes one: a sign,
 * spaces or a line break around the digits are refused, not trimmed away.
 */

let gateway: TestGateway;
let shop: TestShop;
let seed = 970_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

const LOOSE = ["+100", " 100 ", "100\n", "\t100"];

function expectRefused(response: JsonResponse, errors: unknown) {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.errors).toEqual(errors);
}

describe("amount strings", () => {
  it.each(LOOSE)("tokenizations, payments, authorizations and payouts refuse %j", async (amount) => {
    const card = { number: uniqueVisaNumber(seed++) };
    expectRefused(
      await callJson(gateway, "/transactions/tokenizations", {
        shop,
        body: tokenizationRequest({ amount }, card),
      }),
      { amount: ["is not a number"] },
    );
    for (const type of ["payments", "authorizations", "credits"] as const) {
      expectRefused(await postPayment(gateway, shop, paymentRequest({ amount }, card), type), {
        amount: ["is not a number"],
      });
    }
  });

  it.each(LOOSE)("captures and refunds refuse %j", async (amount) => {
    const payment = await createParent(gateway, shop, { type: "payment", amount: 1000 });
    const authorization = await createParent(gateway, shop, { type: "authorization", amount: 1000 });
    const refund = await postChild(gateway, shop, "refunds", {
      parent_uid: payment.uid,
      amount,
      reason: "Back",
    });
    expect(refund.status).toBe(422);
    expect(refund.body.errors).toEqual({ amount: ["is not a number"] });
    const capture = await postChild(gateway, shop, "captures", { parent_uid: authorization.uid, amount });
    expect(capture.status).toBe(422);
    expect(capture.body.errors).toEqual({ amount: ["is not a number"] });
  });

  it.each(LOOSE)("checkout sessions refuse %j", async (amount) => {
    const response = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "payment",
          order: { amount, currency: "EUR", description: "Tour" },
          settings: { success_url: "https://merchant.example/ok" },
        },
      },
    });
    expectRefused(response, { order: { amount: ["is not a number"] } });
  });

  it("a string of digits is still taken", async () => {
    const response = await postPayment(
      gateway,
      shop,
      paymentRequest({ amount: "1234" }, { number: uniqueVisaNumber(seed++) }),
    );
    expect(response.status).toBe(200);
    expect(response.body.transaction.amount).toBe(1234);
  });
});
