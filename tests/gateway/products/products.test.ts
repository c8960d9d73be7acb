import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries, shopperEmails } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import { LINK_MESSAGES } from "@/lib/gateway/products/pages/link-messages";
import {
  holdProductStock,
  releaseProductStock,
  settleEndedHolds,
} from "@/lib/gateway/products/product-stock";
import { merchantCheckout, shopperCheckout, typedCardAttempt } from "../checkout-helpers";
import { callJson, type JsonBody, startTestGateway, type TestGateway, type TestShop } from "../harness";
import { openPage, shownCode, submitForm } from "../three-d-secure-helpers";

/** bePaid's products API and the payment links it makes: the API, a visit to a link, and the link's stock. */

const clock = new ManualClock(new Date());
let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
let seed = 610_000;

beforeAll(async () => {
  gateway = await startTestGateway({ clock });
  shop = await gateway.createShop({}, "Link Shop");
  otherShop = await gateway.createShop({}, "Other Shop");
});

afterAll(async () => {
  await gateway?.close();
});

const PRODUCT = { name: "Mug", description: "A blue mug", currency: "EUR", amount: 1500 };

async function createProduct(body: Record<string, unknown> = {}, as: TestShop = shop): Promise<JsonBody> {
  const response = await callJson(gateway, "/products", { shop: as, body: { ...PRODUCT, ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A visit to a link as a browser makes it (no credentials), not following the redirect. */
function visit(path: string, headers: Record<string, string> = {}) {
  return fetch(`${gateway.url}${path}`, { headers, redirect: "manual" }).then(async (response) => ({
    status: response.status,
    location: response.headers.get("location"),
    headers: response.headers,
    text: response.status === 303 ? "" : await response.text(),
  }));
}

const tokenOf = (location: string | null) => /\/checkout\/([0-9a-f]{64})$/.exec(location ?? "")?.[1] ?? "";

async function payThroughLink(productId: string, card: Record<string, unknown> = {}) {
  const opened = await visit(`/products/${productId}/pay`);
  expect(opened.status).toBe(303);
  const token = tokenOf(opened.location);
  expect(token).not.toBe("");
  return { token, attempt: await typedCardAttempt(gateway, token, { seed: seed++, card }) };
}

describe("POST /products", () => {
  it("stores a product and answers it with its id and links", async () => {
    const product = await createProduct({
      quantity: 3,
      visible: ["email", "phone"],
      visible_fields: ["phone", "first_name"],
      language: "de",
      transaction_type: "authorization",
      success_url: "https://merchant.example/s",
      fail_url: "https://merchant.example/f",
      additional_data: { receipt_text: ["Thank you"], contract: [], meta: [] },
    });
    expect(product.id).toMatch(/^prd_[0-9a-f]{16}$/);
    expect(product).toMatchObject({
      shop_id: shop.id,
      ...PRODUCT,
      quantity: 3,
      infinite: false,
      sold: 0,
      visible: ["email", "phone", "first_name"],
      test: true,
      immortal: true,
      expired_at: null,
      language: "de",
      transaction_type: "authorization",
      success_url: "https://merchant.example/s",
      fail_url: "https://merchant.example/f",
      return_url: null,
      notification_url: null,
      additional_data: { receipt_text: ["Thank you"], contract: [] },
      active: true,
      pay_url: `http://localhost:3999/products/${product.id}/pay`,
      payment_url: `http://localhost:3999/products/${product.id}/pay`,
      confirm_url: `http://localhost:3999/v2/confirm_order/${product.id}/${shop.id}`,
    });
  });

  it("makes a product without quantity infinite, and one with expired_at mortal", async () => {
    const expiredAt = new Date(clock.now().getTime() + 86_400_000).toISOString();
    const product = await createProduct({ expired_at: expiredAt, immortal: true });
    expect(product).toMatchObject({ infinite: true, quantity: null, immortal: false, expired_at: expiredAt });
  });

  it("refuses a zero amount and an empty description with 422", async () => {
    const response = await callJson(gateway, "/products", {
      shop,
      body: { ...PRODUCT, amount: 0, description: "" },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "Description can't be blank. Amount must be greater than 0",
      errors: { description: ["can't be blank"], amount: ["must be greater than 0"] },
    });
  });

  it("asks for quantity when the product is not infinite, and expired_at when it is not immortal", async () => {
    const response = await callJson(gateway, "/products", {
      shop,
      body: {
        ...PRODUCT,
        infinite: false,
        immortal: false,
        visible: ["shoe_size"],
        transaction_type: "refund",
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      quantity: ["can't be blank"],
      expired_at: ["can't be blank"],
      visible: { "0": ["is not included in the list"] },
      transaction_type: ["is not included in the list"],
    });
  });

  it("refuses a past expired_at, a negative quantity and a missing name", async () => {
    const response = await callJson(gateway, "/products", {
      shop,
      body: { ...PRODUCT, name: null, quantity: -1, expired_at: "2001-01-01T00:00:00+00:00" },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: ["can't be blank"],
      quantity: ["must be greater than or equal to 0"],
      expired_at: ["must be in the future"],
    });
  });

  it("answers a repeat with the same RequestID with the first product", async () => {
    const requestId = `product-${Date.now()}`;
    const send = () =>
      callJson(gateway, "/products", {
        shop,
        body: { ...PRODUCT, name: "Once" },
        headers: { RequestID: requestId },
      });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
  });

  it("answers 401 without the shop's credentials", async () => {
    const response = await callJson(gateway, "/products", { body: PRODUCT });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Access denied", errors: { base: ["Access denied"] } });
  });
});

describe("GET and PUT /products", () => {
  it("lists the shop's products newest first, paginated", async () => {
    const lister = await gateway.createShop({}, "Lister");
    const made = [];
    for (let index = 0; index < 3; index++) {
      clock.set(new Date(clock.now().getTime() + 1000));
      made.push(await createProduct({ name: `P${index}` }, lister));
    }
    const page = await callJson(gateway, "/products?per_page=2", { shop: lister });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(page.headers.get("link")).toContain('rel="next"');
    expect(page.body.map((product: JsonBody) => product.name)).toEqual(["P2", "P1"]);
    const second = await callJson(gateway, "/products?per_page=2&page=2", { shop: lister });
    expect(second.body.map((product: JsonBody) => product.id)).toEqual([made[0].id]);
  });

  it("reads one product, and another shop's as unknown", async () => {
    const product = await createProduct();
    const read = await callJson(gateway, `/products/${product.id}`, { shop });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(product);
    for (const [path, as] of [
      [`/products/${product.id}`, otherShop],
      ["/products/prd_0000000000000000", shop],
      ["/products/nonsense", shop],
    ] as const) {
      const missing = await callJson(gateway, path, { shop: as });
      expect(missing.status, path).toBe(404);
      expect(missing.body).toEqual({ message: "Record not found" });
    }
  });

  it("changes the price and the stock with 204, and refuses bad values with 422", async () => {
    const product = await createProduct();
    const put = await gateway.call(`/products/${product.id}`, {
      method: "PUT",
      shop,
      body: { amount: 990, quantity: "7" },
    });
    expect(put.status).toBe(204);
    expect(await put.text()).toBe("");
    const read = await callJson(gateway, `/products/${product.id}`, { shop });
    expect(read.body).toMatchObject({ amount: 990, quantity: 7, infinite: false });

    const bad = await callJson(gateway, `/products/${product.id}`, {
      method: "PUT",
      shop,
      body: { amount: 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ amount: ["must be greater than 0"] });
    const foreign = await callJson(gateway, `/products/${product.id}`, {
      method: "PUT",
      shop: otherShop,
      body: { amount: 5 },
    });
    expect(foreign.status).toBe(404);
  });
});

describe("a payment link", () => {
  it("opens a checkout session of the product at each visit, through pay_url and confirm_url", async () => {
    const product = await createProduct({
      quantity: 10,
      visible: ["email"],
      language: "ja",
      success_url: "https://merchant.example/s",
      additional_data: { receipt_text: ["ありがとう"] },
    });
    const first = await visit(`/products/${product.id}/pay`);
    const second = await visit(`/v2/confirm_order/${product.id}/${shop.id}`);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(first.location).toMatch(/^http:\/\/localhost:3999\/checkout\/[0-9a-f]{64}$/);
    expect(tokenOf(first.location)).not.toBe(tokenOf(second.location));
    const session = await merchantCheckout(gateway, shop, tokenOf(first.location));
    expect(session).toMatchObject({
      transaction_type: "payment",
      test: true,
      order: {
        amount: 1500,
        currency: "EUR",
        description: "Mug — A blue mug",
        tracking_id: product.id,
        additional_data: { receipt_text: ["ありがとう"] },
      },
      settings: {
        language: "ja",
        success_url: "https://merchant.example/s",
        customer_fields: { visible: ["email"] },
      },
    });
    // The product's id is the merchant's filter, not the shopper's order reference: the page shows none.
    expect((await shopperCheckout(gateway, tokenOf(first.location))).order.tracking_id).toBeNull();
    // `?lang=` chooses the page's language over the product's.
    const inGerman = await visit(`/products/${product.id}/pay?lang=de`);
    expect((await merchantCheckout(gateway, shop, tokenOf(inGerman.location))).settings.language).toBe("de");
  });

  it("makes a session of every field: the transaction type, test, the merchant's URLs and the visible fields", async () => {
    // A live shop: a test-mode shop's products are test products whatever the request says.
    const live = await gateway.createShop({}, "Live Links", { test: false });
    const product = await createProduct(
      {
        transaction_type: "authorization",
        test: false,
        visible_fields: ["first_name", "last_name", "email", "phone", "address", "city"],
        visible: ["zip", "country", "state", "birth_date"],
        return_url: "https://merchant.example/r",
        success_url: "https://merchant.example/s",
        fail_url: "https://merchant.example/f",
        notification_url: "https://merchant.example/n",
      },
      live,
    );
    expect(product.test).toBe(false);
    const opened = await visit(`/products/${product.id}/pay`, { "accept-language": "pt-BR, pt;q=0.9" });
    const session = await merchantCheckout(gateway, live, tokenOf(opened.location));
    expect(session).toMatchObject({
      transaction_type: "authorization",
      test: false,
      settings: {
        language: "pt",
        return_url: "https://merchant.example/r",
        success_url: "https://merchant.example/s",
        fail_url: "https://merchant.example/f",
        decline_url: "https://merchant.example/f",
        notification_url: "https://merchant.example/n",
      },
    });
    expect([...session.settings.customer_fields.visible].sort()).toEqual(
      [
        "address",
        "birth_date",
        "city",
        "country",
        "email",
        "first_name",
        "last_name",
        "phone",
        "state",
        "zip",
      ].sort(),
    );
  });

  it("pays as every session does: the webhook to the link's notification_url and the receipt in its language", async () => {
    const mailing = await gateway.createShop({ customer_emails: { enabled: true } }, "Mailing Links");
    const product = await createProduct(
      {
        language: "ja",
        visible: ["email"],
        notification_url: "https://merchant.example/hooks",
        additional_data: { receipt_text: ["ご来店ありがとうございます"] },
      },
      mailing,
    );
    const opened = await visit(`/products/${product.id}/pay`);
    const attempt = await typedCardAttempt(gateway, tokenOf(opened.location), {
      seed: seed++,
      request: { customer: { email: "kaimono@example.jp" } },
    });
    expect(attempt.body.transaction.status).toBe("successful");
    const uid = attempt.body.transaction.uid;
    const { db } = gateway.runtime.deps;
    const hooks = await db
      .select({ url: notificationDeliveries.url })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.transactionUid, uid));
    expect(hooks).toEqual([{ url: "https://merchant.example/hooks" }]);
    const emails = await db.select().from(shopperEmails).where(eq(shopperEmails.transactionUid, uid));
    expect(emails).toMatchObject([
      {
        kind: "receipt",
        language: "ja",
        recipient: "kaimono@example.jp",
        payload: { amount: 1500, currency: "EUR", receiptText: ["ご来店ありがとうございます"] },
      },
    ]);
  });

  it("is unknown with another shop's id in confirm_url, and for an unknown product", async () => {
    const product = await createProduct();
    for (const path of [
      `/v2/confirm_order/${product.id}/${otherShop.id}`,
      "/products/prd_0000000000000000/pay",
      "/v2/confirm_order/prd_0000000000000000/x",
    ]) {
      const response = await visit(path, { "accept-language": "fr-CH, fr;q=0.9" });
      expect(response.status, path).toBe(404);
      expect(response.text).toContain('<html lang="fr" dir="ltr">');
      expect(response.text).toContain(LINK_MESSAGES.fr.notFoundHeading);
    }
  });

  it("takes one unit per successful payment, gives back a declined one's, and then says it is sold out", async () => {
    const product = await createProduct({ quantity: 2 });
    const declined = await payThroughLink(product.id, { number: "4005550000000019" });
    expect(declined.attempt.body.transaction.status).toBe("failed");
    let read = await callJson(gateway, `/products/${product.id}`, { shop });
    expect(read.body).toMatchObject({ quantity: 2, sold: 0 });

    for (let index = 0; index < 2; index++) {
      const paid = await payThroughLink(product.id);
      expect(paid.attempt.status).toBe(200);
      expect(paid.attempt.body.transaction.status).toBe("successful");
    }
    read = await callJson(gateway, `/products/${product.id}`, { shop });
    expect(read.body).toMatchObject({ quantity: 0, sold: 2 });

    const soldOut = await visit(`/products/${product.id}/pay`, { "accept-language": "ar" });
    expect(soldOut.status).toBe(409);
    expect(soldOut.text).toContain('<html lang="ar" dir="rtl">');
    expect(soldOut.text).toContain(LINK_MESSAGES.ar.soldOutHeading);
    expect(soldOut.text).toContain("Mug");
    expect(soldOut.headers.get("content-security-policy")).toContain("default-src 'none'");

    // The payments carry the product's id: the transactions list finds them by it.
    const payments = await callJson(gateway, `/transactions?tracking_id=${product.id}`, { shop });
    expect(payments.body.transactions.map((t: JsonBody) => t.status).sort()).toEqual([
      "failed",
      "successful",
      "successful",
    ]);
  });

  it("refuses a payment on a session opened before the last unit sold, without asking the acquirer", async () => {
    const product = await createProduct({ quantity: 1 });
    const early = await visit(`/products/${product.id}/pay`);
    await payThroughLink(product.id);
    const late = await typedCardAttempt(gateway, tokenOf(early.location), { seed: seed++ });
    expect(late.status).toBe(422);
    expect(late.body).toEqual({ message: "Sold out", errors: { base: ["Sold out"] } });
    const read = await callJson(gateway, `/products/${product.id}`, { shop });
    expect(read.body).toMatchObject({ quantity: 0, sold: 1 });
    // Stock added back by the merchant sells again, on the same session.
    await gateway.call(`/products/${product.id}`, { method: "PUT", shop, body: { quantity: 1 } });
    const again = await typedCardAttempt(gateway, tokenOf(early.location), { seed: seed++ });
    expect(again.body.transaction.status).toBe("successful");
  });

  it("says so when deactivated or expired", async () => {
    const deactivated = await createProduct();
    await gateway.call(`/products/${deactivated.id}`, { method: "PUT", shop, body: { active: false } });
    const closed = await visit(`/products/${deactivated.id}/pay?lang=ja`);
    expect(closed.status).toBe(410);
    expect(closed.text).toContain('<html lang="ja"');
    expect(closed.text).toContain(LINK_MESSAGES.ja.inactiveHeading);

    const expiring = await createProduct({
      expired_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const opened = await visit(`/products/${expiring.id}/pay`);
    expect(opened.status).toBe(303);
    clock.set(new Date(clock.now().getTime() + 61_000));
    const expired = await visit(`/products/${expiring.id}/pay`, { "accept-language": "de" });
    expect(expired.status).toBe(410);
    expect(expired.text).toContain(LINK_MESSAGES.de.expiredHeading);
  });

  it("holds a unit while 3-D Secure is pending; the sweep gives it back on a cancel and takes it on a pass", async () => {
    const secureShop = await gateway.createShop({ three_d_secure: true }, "Secure Links");
    const product = await createProduct({ quantity: 1 }, secureShop);
    const stock = async () => (await callJson(gateway, `/products/${product.id}`, { shop: secureShop })).body;

    const canceled = await payThroughLink(product.id, { number: "4012000000001097" });
    expect(canceled.attempt.body.transaction.status).toBe("incomplete");
    expect(await stock()).toMatchObject({ quantity: 0, sold: 0 });
    expect((await visit(`/products/${product.id}/pay`)).status).toBe(409);
    await submitForm(gateway, canceled.attempt.body.transaction.uid, { code: "", action: "cancel" });
    expect(await settleEndedHolds(gateway.runtime.deps)).toBe(1);
    expect(await stock()).toMatchObject({ quantity: 1, sold: 0 });

    // Another challenged card: the same one again within 30 s would be a duplicate.
    const passed = await payThroughLink(product.id, { number: "5204240000015029" });
    const uid = passed.attempt.body.transaction.uid;
    const page = await openPage(gateway, uid);
    await submitForm(gateway, uid, { code: shownCode(page.html), action: "confirm" });
    // The page reading its session after 3-D Secure settles the hold at once; the sweep then finds nothing.
    await callJson(gateway, `/ctp/api/checkouts/${passed.token}`, {
      headers: { authorization: `Bearer ${passed.token}` },
    });
    expect(await stock()).toMatchObject({ quantity: 0, sold: 1 });
    expect(await settleEndedHolds(gateway.runtime.deps)).toBe(0);
  });

  it("holds a unit for an abandoned 3-D Secure challenge only a few minutes, not the challenge's half hour", async () => {
    const secureShop = await gateway.createShop({ three_d_secure: true }, "Abandoned Links");
    const product = await createProduct({ quantity: 1 }, secureShop);
    const stock = async () => (await callJson(gateway, `/products/${product.id}`, { shop: secureShop })).body;
    const abandoned = await payThroughLink(product.id, { number: "4012000000001097" });
    const uid = abandoned.attempt.body.transaction.uid;
    expect(abandoned.attempt.body.transaction.status).toBe("incomplete");
    expect(await stock()).toMatchObject({ quantity: 0, sold: 0 });
    // Four minutes on, the shopper could still answer: the unit stays held.
    clock.set(new Date(clock.now().getTime() + 4 * 60_000));
    await gateway.runtime.threeDSecureExpiry.sweepOnce();
    expect(await settleEndedHolds(gateway.runtime.deps)).toBe(0);
    expect(await stock()).toMatchObject({ quantity: 0 });
    // Past five minutes the challenge has expired, the payment failed, and the unit is for sale again.
    clock.set(new Date(clock.now().getTime() + 2 * 60_000));
    await gateway.runtime.threeDSecureExpiry.sweepOnce();
    const payment = await callJson(gateway, `/transactions/${uid}`, { shop: secureShop });
    expect(payment.body.transaction.status).toBe("failed");
    expect(await settleEndedHolds(gateway.runtime.deps)).toBe(1);
    expect(await stock()).toMatchObject({ quantity: 1, sold: 0 });
    expect((await visit(`/products/${product.id}/pay`)).status).toBe(303);
  });
});

describe("the stock sweep", () => {
  it("gives back, after 10 minutes, a unit held by an attempt whose transaction was never written", async () => {
    const product = await createProduct({ quantity: 1 });
    await holdProductStock(gateway.runtime.deps, {
      productId: product.id,
      checkoutToken: "0".repeat(64),
      transactionUid: randomUUID(),
    });
    const stock = async () => (await callJson(gateway, `/products/${product.id}`, { shop })).body;
    expect(await stock()).toMatchObject({ quantity: 0 });
    expect(await settleEndedHolds(gateway.runtime.deps)).toBe(0);
    clock.set(new Date(clock.now().getTime() + 11 * 60_000));
    expect(await settleEndedHolds(gateway.runtime.deps)).toBe(1);
    expect(await stock()).toMatchObject({ quantity: 1, sold: 0 });
  });
});

describe("an infinite product's row", () => {
  /** The row's version (`xmin` changes with every write to it) and its counts. */
  async function productRow(id: string) {
    const result = (await gateway.runtime.deps.db.execute(
      sql`select xmin::text as version, sold, quantity from products where id = ${id}`,
    )) as unknown as { rows: { version: string; sold: number; quantity: number | null }[] };
    return result.rows[0];
  }

  it("is not written by holds, given-back units or the sweep; a successful payment still counts as sold", async () => {
    const product = await createProduct({ name: "Download" });
    expect(product).toMatchObject({ infinite: true, quantity: null, sold: 0 });
    const before = await productRow(product.id);

    const hold = await holdProductStock(gateway.runtime.deps, {
      productId: product.id,
      checkoutToken: "1".repeat(64),
      transactionUid: randomUUID(),
    });
    expect(await productRow(product.id)).toEqual(before);
    await releaseProductStock(gateway.runtime.deps, hold);
    expect(await productRow(product.id)).toEqual(before);

    // An attempt whose transaction was never written, given back by the sweep: counted, and the row left alone.
    await holdProductStock(gateway.runtime.deps, {
      productId: product.id,
      checkoutToken: "2".repeat(64),
      transactionUid: randomUUID(),
    });
    clock.set(new Date(clock.now().getTime() + 11 * 60_000));
    expect(await settleEndedHolds(gateway.runtime.deps)).toBe(1);
    expect(await productRow(product.id)).toEqual(before);

    // The API and the admin pages show `sold` for every product: a sale still adds to it.
    const paid = await payThroughLink(product.id);
    expect(paid.attempt.body.transaction.status).toBe("successful");
    expect(await productRow(product.id)).toMatchObject({ sold: 1, quantity: null });
    const read = await callJson(gateway, `/products/${product.id}`, { shop });
    expect(read.body).toMatchObject({ infinite: true, quantity: null, sold: 1 });
  });

  it("is refused once deactivated, like a finite one", async () => {
    const product = await createProduct({ name: "Closed download" });
    const update = await callJson(gateway, `/products/${product.id}`, {
      shop,
      method: "PUT",
      body: { active: false },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(204);
    await expect(
      holdProductStock(gateway.runtime.deps, {
        productId: product.id,
        checkoutToken: "3".repeat(64),
        transactionUid: randomUUID(),
      }),
    ).rejects.toMatchObject({ details: { errors: { base: ["Product is not available"] } } });
  });
});

describe("the OpenAPI document", () => {
  it("describes the products API and the payment links from the same schemas", async () => {
    const document = await (await gateway.call("/openapi.json")).json();
    const schemas = document.components.schemas;
    expect(document.paths["/products"].post.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/ProductCreateRequest",
    );
    expect(Object.keys(schemas.ProductCreateRequest.properties)).toEqual(
      expect.arrayContaining([
        "name",
        "description",
        "currency",
        "amount",
        "quantity",
        "infinite",
        "visible_fields",
      ]),
    );
    expect(schemas.Product.required).toEqual(
      expect.arrayContaining(["id", "pay_url", "payment_url", "confirm_url"]),
    );
    expect(Object.keys(schemas.ProductUpdateRequest.properties)).toEqual([
      "amount",
      "quantity",
      "infinite",
      "active",
    ]);
    expect(document.paths["/products/{id}"].put.responses).toHaveProperty("204");
    expect(document.paths["/products/{id}/pay"].get.security).toEqual([]);
    expect(document.paths["/v2/confirm_order/{id}/{shop_id}"].get.responses).toHaveProperty("303");
  });
});
