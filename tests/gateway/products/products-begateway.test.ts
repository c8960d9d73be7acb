import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import { BeGatewayClient, type Json } from "../begateway-client";
import { type GatewayProcess, startGatewayProcess } from "../gateway-process";

/**
 * The products API driven as the beGateway PHP library's `Product` drives it (`begateway/begateway-api-php`,
 * `lib/Product.php`, `lib/ResponseApiProduct.php`), against the gateway as deployed on its own port, at the origin's
 * root: the requests its `ProductTest` sends and what that test asserts of the answers.
 */

/** What `Product::_buildRequestMessage` sends: every key, `null` (or `[]`) where the merchant set nothing. */
function phpProductMessage(fields: {
  amount: number;
  description: string | null;
  quantity?: number;
  expiredAt?: string | null;
}) {
  const url = "http://www.example.com";
  const message: Record<string, unknown> = {
    name: "name",
    description: fields.description,
    amount: fields.amount,
    currency: "EUR",
    infinite: true,
    language: "zh",
    notification_url: `${url}/n`,
    success_url: `${url}/s`,
    fail_url: `${url}/f`,
    return_url: `${url}/r`,
    immortal: true,
    visible: [],
    test: true,
    transaction_type: "payment",
    additional_data: {
      receipt_text: [],
      contract: [],
      meta: [],
      fiscalization: [],
      platform_data: null,
      integration_data: null,
    },
  };
  if ((fields.quantity ?? 0) > 0) {
    message.quantity = fields.quantity;
    message.infinite = false;
  }
  if (fields.expiredAt) {
    message.expired_at = fields.expiredAt;
    message.immortal = false;
  }
  return message;
}

/** `ResponseApi`: valid when the body is JSON, successful when it has an `id`, an error when it has `errors`. */
const phpApiResponse = {
  isValid: (body: Json) => body !== null && body !== false,
  isSuccess: (body: Json) => typeof body === "object" && body !== null && body.id != null,
  isError: (body: Json) =>
    typeof body !== "object" || body === null || body.errors != null || body.response != null,
};

const [plainShop] = DEMO_SHOPS;
let gateway: GatewayProcess;
let php: BeGatewayClient;

beforeAll(async () => {
  gateway = await startGatewayProcess();
  php = new BeGatewayClient(gateway.origin, plainShop.id, plainShop.secretKey);
}, 120_000);

afterAll(async () => {
  await gateway?.stop();
});

// `setExpiryDate('2030-12-31T00:21:46+0300')` goes out as PHP's `date('c')` of it, in UTC.
const EXPIRY = "2030-12-30T21:21:46+00:00";

describe("the PHP library's ProductTest at the origin's root", () => {
  it("testGetPayLink / testGetPayUrl: a product is created and its links are the ones the library builds", async () => {
    for (let round = 0; round < 2; round++) {
      // `rand(0, 10000) / 100` euros, in cents (zero is refused, as it is by bePaid).
      const amount = 1 + Math.floor(Math.random() * 10_000);
      const response = await php.post(
        "/products",
        phpProductMessage({ amount, description: "test", expiredAt: EXPIRY }),
      );
      expect(response.httpStatus).toBe(201);
      expect(phpApiResponse.isValid(response.body)).toBe(true);
      expect(phpApiResponse.isSuccess(response.body)).toBe(true);
      expect(phpApiResponse.isError(response.body)).toBe(false);
      const id: string = response.body.id;
      expect(id).toMatch(/^prd_[0-9a-f]{16}$/);
      // `getPayLink()` is {checkoutBase}/v2/confirm_order/{id}/{shopId}, `getPayUrl()` {apiBase}/products/{id}/pay:
      // with both bases at this deployment, the answer's own links are the same, and both open the page.
      const publicUrl = gateway.origin.replace("127.0.0.1", "localhost");
      expect(response.body.confirm_url).toBe(`${publicUrl}/v2/confirm_order/${id}/${plainShop.id}`);
      expect(response.body.pay_url).toBe(`${publicUrl}/products/${id}/pay`);
      expect(response.body).toMatchObject({
        amount,
        currency: "EUR",
        language: "zh",
        expired_at: "2030-12-30T21:21:46.000Z",
      });
      for (const link of [`/v2/confirm_order/${id}/${plainShop.id}`, `/products/${id}/pay`]) {
        const opened = await fetch(`${gateway.origin}${link}`, { redirect: "manual" });
        expect(opened.status, link).toBe(303);
        expect(opened.headers.get("location")).toMatch(/\/checkout\/[0-9a-f]{64}$/);
      }
    }
  });

  it("testBuildRequestMessage's message with a quantity is a finite product", async () => {
    const response = await php.post(
      "/products",
      phpProductMessage({
        amount: 1233,
        description: "test",
        quantity: 5,
        expiredAt: "2030-12-30T21:21:46+00:00",
      }),
    );
    expect(response.httpStatus).toBe(201);
    expect(response.body).toMatchObject({ amount: 1233, quantity: 5, infinite: false, immortal: false });
  });

  it("testErrorTokenRequest: a zero amount and an empty description answer an error", async () => {
    const response = await php.post(
      "/products",
      phpProductMessage({ amount: 0, description: "", expiredAt: EXPIRY }),
    );
    expect(response.httpStatus).toBe(422);
    expect(phpApiResponse.isValid(response.body)).toBe(true);
    expect(phpApiResponse.isError(response.body)).toBe(true);
    expect(phpApiResponse.isSuccess(response.body)).toBe(false);
    expect(response.body.errors).toEqual({
      description: ["can't be blank"],
      amount: ["must be greater than 0"],
    });
  });
});
