import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards } from "@/lib/db/schema";
import {
  type JsonResponse,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, postPayment, RecordingAcquirer } from "../money-helpers";

let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
const acquirer = new RecordingAcquirer();
let seed = 520_000;

beforeAll(async () => {
  gateway = await startTestGateway({ acquirer });
  // The shop asks for the security code: a merchant-initiated charge has none, and is still accepted.
  [shop, otherShop] = await Promise.all([
    gateway.createShop({ required_fields: ["credit_card.verification_value"] }),
    gateway.createShop({}, "Other Shop"),
  ]);
});

afterAll(async () => {
  await gateway.close();
});

/** A card stored by a tokenization with `contract`; its token. */
async function storedToken(contract: string[], as: TestShop = shop): Promise<string> {
  const response = await postTokenization(
    gateway,
    as,
    tokenizationRequest({ additional_data: { contract } }, { number: uniqueVisaNumber(seed++) }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.transaction.credit_card.token;
}

/** A payment (or authorization) with the stored card `token`, and the security code when given. */
function payWithToken(
  token: string,
  verificationValue?: string,
  options: { as?: TestShop; type?: "payments" | "authorizations"; amount?: number } = {},
): Promise<JsonResponse> {
  const card: Record<string, unknown> = { token };
  if (verificationValue !== undefined) card.verification_value = verificationValue;
  return postPayment(
    gateway,
    options.as ?? shop,
    { request: { amount: options.amount ?? 1500, currency: "EUR", description: "Order", credit_card: card } },
    options.type,
  );
}

const refused = (message: string, field = "token") => ({
  status: 422,
  body: { message, errors: { credit_card: { [field]: [message] } } },
});

describe("tokens that do not exist", () => {
  it("another shop's token: 422 Token does not exist.", async () => {
    const token = await storedToken([], otherShop);
    expect(await payWithToken(token, "123")).toMatchObject(refused("Token does not exist."));
  });

  it("a token never issued, whatever its form: the same answer", async () => {
    expect(await payWithToken("0".repeat(64), "123")).toMatchObject(refused("Token does not exist."));
    expect(await payWithToken("12345", "123")).toMatchObject(refused("Token does not exist."));
  });

  it("a stored card past its expiry: 422 Date is expired", async () => {
    const token = await storedToken([]);
    await gateway.runtime.deps.db
      .update(cards)
      .set({ expMonth: 1, expYear: 2020 })
      .where(eq(cards.token, token));
    expect(await payWithToken(token, "123")).toMatchObject(refused("Date is expired", "exp_year"));
  });
});

describe("a token without a contract", () => {
  it("is charged with the security code (shopper present), and the same token comes back", async () => {
    const token = await storedToken([]);
    const response = await payWithToken(token, "123", { type: "authorizations" });
    expect(response.body.transaction).toMatchObject({ status: "successful", credit_card: { token } });
  });

  it("is refused without the security code: merchant-initiated charges need a recurring contract", async () => {
    const token = await storedToken([]);
    expect(await payWithToken(token)).toMatchObject(
      refused("Token has no recurring contract: a charge without verification_value needs one."),
    );
  });
});

describe("contracts", () => {
  it("recurring: charged without the security code, merchant-initiated, without 3-D Secure", async () => {
    const token = await storedToken(["recurring"]);
    const response = await payWithToken(token);
    expect(response.body.transaction).toMatchObject({ status: "successful", credit_card: { token } });
    expect(acquirer.callsFor(response.body.transaction.uid)).toEqual([
      expect.objectContaining({ operation: "authorize+capture", verificationValue: null }),
    ]);
  });

  it("recurring only: a charge with the security code is refused (that needs oneclick)", async () => {
    const token = await storedToken(["recurring"]);
    expect(await payWithToken(token, "123")).toMatchObject(
      refused("Token has no oneclick contract: a charge with verification_value needs one."),
    );
  });

  it("oneclick: charged with the security code; refused without it", async () => {
    const token = await storedToken(["oneclick"]);
    expect((await payWithToken(token, "123")).body.transaction.status).toBe("successful");
    expect(await payWithToken(token)).toMatchObject(
      refused("Token has no recurring contract: a charge without verification_value needs one."),
    );
  });

  it("recurring and oneclick: either way", async () => {
    const token = await storedToken(["recurring", "oneclick"]);
    expect((await payWithToken(token, "123", { amount: 1600 })).body.transaction.status).toBe("successful");
    expect((await payWithToken(token, undefined, { amount: 1700 })).body.transaction.status).toBe(
      "successful",
    );
  });

  it("credit alone: payouts only, no charges", async () => {
    const token = await storedToken(["credit"]);
    for (const code of ["123", undefined]) {
      expect(await payWithToken(token, code)).toMatchObject(
        refused("Token is for payouts only (contract credit)."),
      );
    }
  });

  it("a payment's own contract goes with the card it stores", async () => {
    const first = await postPayment(
      gateway,
      shop,
      paymentRequest({ additional_data: { contract: ["recurring"] } }, { number: uniqueVisaNumber(seed++) }),
    );
    const { token } = first.body.transaction.credit_card;
    expect(first.body.transaction.additional_data.contract).toEqual(["recurring"]);
    const [card] = await gateway.runtime.deps.db.select().from(cards).where(eq(cards.token, token));
    expect(card.contract).toEqual(["recurring"]);
    expect((await payWithToken(token)).body.transaction).toMatchObject({
      status: "successful",
      credit_card: { token },
    });
  });

  it("a stored card's wrong-length security code is invalid", async () => {
    const token = await storedToken(["oneclick"]);
    expect(await payWithToken(token, "1234")).toMatchObject({
      status: 422,
      body: {
        message: "Verification value is invalid",
        errors: { credit_card: { verification_value: ["is invalid"] } },
      },
    });
  });
});
