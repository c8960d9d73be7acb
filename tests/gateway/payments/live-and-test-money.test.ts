import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantClient } from "@/lib/gateway-client/merchant";
import {
  callJson,
  futureExpiry,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, postPayment, RecordingAcquirer } from "../money-helpers";

/**
 * A live shop's money and its test money (`test: true` requests) kept apart: in GET /reports/daily (live by
 * default, `?test=true` for the test money), and in what the acquirer is told. Payouts are their own figure and
 * leave the net; sums past 2^53 stay exact.
 */

const acquirer = new RecordingAcquirer();
let gateway: TestGateway;
let live: TestShop;
let testMode: TestShop;
let seed = 883_000;
const today = () => new Date().toISOString().slice(0, 10);

function card() {
  return {
    number: uniqueVisaNumber(seed++),
    verification_value: "123",
    holder: "Jane Doe",
    ...futureExpiry(),
  };
}

async function pay(
  shop: TestShop,
  amount: number,
  currency: string,
  test: boolean,
  type = "payments" as const,
) {
  const response = await postPayment(gateway, shop, paymentRequest({ amount, currency, test }, card()), type);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.transaction.status).toBe("successful");
  return response.body.transaction;
}

async function payOut(shop: TestShop, amount: number, currency: string, test: boolean) {
  const { verification_value: _, ...payee } = card();
  const response = await postPayment(
    gateway,
    shop,
    { request: { amount, currency, description: "Payout", test, credit_card: payee } },
    "credits",
  );
  expect(response.body.transaction?.status, JSON.stringify(response.body)).toBe("successful");
  return response.body.transaction;
}

async function refund(shop: TestShop, parent: string, amount: number) {
  const response = await callJson(gateway, "/transactions/refunds", {
    shop,
    body: { request: { parent_uid: parent, amount, reason: "Returned" } },
  });
  expect(response.body.transaction?.status, JSON.stringify(response.body)).toBe("successful");
  return response.body.transaction;
}

async function volume(shop: TestShop, query = "") {
  const response = await callJson(gateway, `/reports/daily?from=${today()}&to=${today()}${query}`, { shop });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { test: response.body.test, day: response.body.days[0] };
}

beforeAll(async () => {
  gateway = await startTestGateway({ acquirer });
  live = await gateway.createShop({}, "Live Shop", { test: false });
  testMode = await gateway.createShop({}, "Test-mode Shop");
});

afterAll(async () => {
  await gateway.close();
});

describe("a live shop's live and test money", () => {
  let livePayment: { uid: string };
  let testPayment: { uid: string };
  let liveRefund: { uid: string };
  let testRefund: { uid: string };
  let livePayout: { uid: string };
  let testPayout: { uid: string };

  beforeAll(async () => {
    livePayment = await pay(live, 10_000, "EUR", false);
    liveRefund = await refund(live, livePayment.uid, 2_000);
    livePayout = await payOut(live, 3_000, "EUR", false);
    testPayment = await pay(live, 700, "EUR", true);
    testRefund = await refund(live, testPayment.uid, 100);
    testPayout = await payOut(live, 50, "EUR", true);
  });

  it("reports live money by default, with payouts beside charges and refunds and in the net", async () => {
    const report = await volume(live);
    expect(report.test).toBe(false);
    expect(report.day).toMatchObject({
      payments: 1,
      approved: 1,
      refunds: 1,
      volume: [{ currency: "EUR", charged: "10000", refunded: "2000", paid_out: "3000", net: "5000" }],
    });
  });

  it("reports the test money instead with ?test=true", async () => {
    const report = await volume(live, "&test=true");
    expect(report.test).toBe(true);
    expect(report.day).toMatchObject({
      payments: 1,
      refunds: 1,
      volume: [{ currency: "EUR", charged: "700", refunded: "100", paid_out: "50", net: "550" }],
    });
    expect((await volume(live, "&test=false")).day.volume[0].charged).toBe("10000");
    const bad = await callJson(gateway, `/reports/daily?test=yes`, { shop: live });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ test: ["is invalid"] });
  });

  it("reaches the admin's dashboard through its client: live money by default, the test money with its switch", async () => {
    const client = merchantClient({ baseUrl: gateway.url });
    const credentials = { shopId: live.id, secretKey: live.secretKey };
    const range = { from: today(), to: today() };
    const liveView = await client.getDailyReport(credentials, range);
    expect(liveView.ok && liveView.data.test).toBe(false);
    expect(liveView.ok && liveView.data.days[0].volume).toEqual([
      { currency: "EUR", charged: "10000", refunded: "2000", paid_out: "3000", net: "5000" },
    ]);
    const testView = await client.getDailyReport(credentials, { ...range, test: true });
    expect(testView.ok && testView.data.test).toBe(true);
    expect(testView.ok && testView.data.days[0].volume).toEqual([
      { currency: "EUR", charged: "700", refunded: "100", paid_out: "50", net: "550" },
    ]);
  });

  it("tells the acquirer which operations are tests, the children as their parent", () => {
    const flags = (uid: string) => acquirer.testFlagsFor(uid);
    expect(flags(livePayment.uid)).toEqual([false]);
    expect(flags(liveRefund.uid)).toEqual([false]);
    expect(flags(livePayout.uid)).toEqual([false]);
    expect(flags(testPayment.uid)).toEqual([true]);
    expect(flags(testRefund.uid)).toEqual([true]);
    expect(flags(testPayout.uid)).toEqual([true]);
  });
});

describe("a test-mode shop", () => {
  it("reports its test money, whatever is asked, and the acquirer is told each is a test", async () => {
    const payment = await pay(testMode, 1_234, "USD", false);
    expect(acquirer.testFlagsFor(payment.uid)).toEqual([true]);
    for (const query of ["", "&test=false", "&test=true"]) {
      const report = await volume(testMode, query);
      expect(report.test).toBe(true);
      expect(report.day.volume).toEqual([
        { currency: "USD", charged: "1234", refunded: "0", paid_out: "0", net: "1234" },
      ]);
    }
  });
});

describe("sums past 2^53", () => {
  it("are exact: ten payments of about a trillion dinars (10^15 minor units) each", async () => {
    const shop = await gateway.createShop({ payout_currencies: ["IQD"] }, "Big Sums Shop");
    for (let index = 0; index < 9; index++) await pay(shop, 999_999_999_999_999, "IQD", false);
    await pay(shop, 999_999_999_999_998, "IQD", false);
    await payOut(shop, 3, "IQD", false);
    const report = await volume(shop);
    // 9,999,999,999,999,989 is odd and past 2^53: no JS number holds it.
    expect(report.day.volume).toEqual([
      {
        currency: "IQD",
        charged: "9999999999999989",
        refunded: "0",
        paid_out: "3",
        net: "9999999999999986",
      },
    ]);
    expect(Number.isSafeInteger(Number(report.day.volume[0].charged))).toBe(false);
  });
});
