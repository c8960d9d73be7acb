import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardTokenResponseSchema } from "@/lib/contracts/credit-card-token";
import { cards } from "@/lib/db/schema";
import { callJson, type JsonResponse, startTestGateway, type TestGateway, type TestShop } from "../harness";
import { postPayment } from "../money-helpers";

let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
const year = new Date().getUTCFullYear() + 3;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
});

afterAll(async () => {
  await gateway.close();
});

function saveCard(
  request: Record<string, unknown>,
  path = "/credit_cards",
  as: TestShop = shop,
): Promise<JsonResponse> {
  return callJson(gateway, path, {
    shop: as,
    method: path.startsWith("/v2/credit_cards/") ? "PUT" : "POST",
    body: { request },
  });
}

// As the beGateway PHP client sends it: every field, an empty token.
const created = () =>
  saveCard({
    number: "4200000000000000",
    holder: "John Smith",
    exp_month: "02",
    exp_year: String(year),
    token: "",
  });

describe("storing a card", () => {
  it("returns the card token and the masked card at the top level", async () => {
    const response = await created();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      holder: "John Smith",
      brand: "visa",
      first_1: "4",
      last_4: "0000",
      stamp: expect.stringMatching(/^[0-9a-f]{64}$/),
      exp_month: 2,
      exp_year: year,
    });
    expect(cardTokenResponseSchema.safeParse(response.body).success).toBe(true);
    const [record] = await gateway.runtime.deps.db
      .select()
      .from(cards)
      .where(eq(cards.token, response.body.token));
    expect(record).toMatchObject({ shopId: Number(shop.id), contract: [], holder: "John Smith" });
    expect(record.numberSealed.toString("latin1")).not.toContain("4200000000000000");
  });

  it("needs number and expiry, each error exactly", async () => {
    const response = await saveCard({ holder: "John Smith" });
    expect(response).toMatchObject({
      status: 422,
      body: {
        message: "Number can't be blank. Exp month can't be blank. Exp year can't be blank",
        errors: { number: ["can't be blank"], exp_month: ["can't be blank"], exp_year: ["can't be blank"] },
      },
    });
    expect(
      await saveCard({ number: "4200000000000001", exp_month: "13", exp_year: String(year) }),
    ).toMatchObject({
      status: 422,
      body: { errors: { number: ["is invalid"], exp_month: ["is invalid"] } },
    });
    expect(await saveCard({ number: "4200000000000000", exp_month: "01", exp_year: "2020" })).toMatchObject({
      status: 422,
      body: { message: "Date is expired", errors: { exp_year: ["Date is expired"] } },
    });
  });

  it("needs the shop's credentials", async () => {
    const response = await callJson(gateway, "/credit_cards", { body: { request: {} } });
    expect(response.status).toBe(401);
  });
});

describe("updating a stored card", () => {
  it("changes holder and expiry with the token and no number, and keeps the token", async () => {
    const { token } = (await created()).body;
    const updated = await saveCard({
      token,
      holder: "John Doe",
      exp_month: "01",
      exp_year: String(year),
      number: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      token,
      holder: "John Doe",
      exp_month: 1,
      exp_year: year,
      last_4: "0000",
    });
    // The updated card pays, with the security code (the card tokens API gives it no contract).
    const payment = await postPayment(
      gateway,
      shop,
      {
        request: {
          amount: 1233,
          currency: "EUR",
          description: "test",
          credit_card: { token, verification_value: "123" },
        },
      },
      "authorizations",
    );
    expect(payment.body.transaction).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      credit_card: { token, holder: "John Doe", exp_month: 1 },
    });
  });

  it("answers the token in the path too (POST /credit_cards/{token}, PUT /v2/credit_cards/{token})", async () => {
    const { token } = (await created()).body;
    expect((await saveCard({ holder: "Path Holder" }, `/credit_cards/${token}`)).body).toMatchObject({
      token,
      holder: "Path Holder",
    });
    expect((await saveCard({ exp_month: 7 }, `/v2/credit_cards/${token}`)).body).toMatchObject({
      token,
      exp_month: 7,
    });
    expect(
      (await saveCard({ number: "4200000000000000", exp_month: 3, exp_year: year }, "/v2/credit_cards"))
        .status,
    ).toBe(200);
  });

  it("another shop's token, or one never issued: 422 Token does not exist.", async () => {
    const { token } = (await created()).body;
    const doesNotExist = {
      status: 422,
      body: { message: "Token does not exist.", errors: { token: ["Token does not exist."] } },
    };
    expect(await saveCard({ token, holder: "Mallory" }, "/credit_cards", otherShop)).toMatchObject(
      doesNotExist,
    );
    expect(await saveCard({ token: "12345", holder: "Mallory" })).toMatchObject(doesNotExist);
    expect(await saveCard({ holder: "Mallory" }, `/credit_cards/${"f".repeat(64)}`)).toMatchObject(
      doesNotExist,
    );
    const [record] = await gateway.runtime.deps.db.select().from(cards).where(eq(cards.token, token));
    expect(record.holder).toBe("John Smith");
  });

  it("refuses an expiry in the past", async () => {
    const { token } = (await created()).body;
    expect(await saveCard({ token, exp_year: "2020" })).toMatchObject({
      status: 422,
      body: { message: "Date is expired", errors: { exp_year: ["Date is expired"] } },
    });
  });
});
