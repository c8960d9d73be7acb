import { verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  basicAuthorization,
  callJson,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

/**
 * `send_secret_key_in_webhooks`: on by default (beGateway clients check the webhook's HTTP Basic credentials),
 * and once the merchant verifies the signatures it turns off, and no webhook or verification request carries the
 * shop's secret key any more.
 */

let gateway: TestGateway;
let shop: TestShop;
let receiver: WebhookReceiver;
let seed = 955_000;

beforeAll(async () => {
  [gateway, receiver] = await Promise.all([startTestGateway(), startWebhookReceiver()]);
  shop = await gateway.createShop();
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
});

async function notifiedTokenization(extra: Record<string, unknown> = {}) {
  const response = await postTokenization(
    gateway,
    shop,
    tokenizationRequest(
      { notification_url: `${receiver.origin}/hooks`, ...extra },
      { number: uniqueVisaNumber(seed++) },
    ),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  while ((await gateway.runtime.notifications.runOnce()) > 0);
  const uid = response.body.transaction.uid;
  const delivered = receiver.received.filter(
    (request) => request.path === "/hooks" && request.body.includes(uid),
  );
  expect(delivered).toHaveLength(1);
  return delivered[0];
}

describe("the shop's secret key in webhooks", () => {
  it("is sent by default, and the setting reads true", async () => {
    const profile = await callJson(gateway, "/shop", { shop });
    expect(profile.body.shop.settings.send_secret_key_in_webhooks).toBe(true);
    const webhook = await notifiedTokenization();
    expect(webhook.headers.authorization).toBe(basicAuthorization(shop.id, shop.secretKey));
  });

  it("is not sent once the shop turns it off through PATCH /shop; the signatures still verify", async () => {
    const patched = await callJson(gateway, "/shop", {
      shop,
      method: "PATCH",
      body: { settings: { send_secret_key_in_webhooks: false } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.shop.settings.send_secret_key_in_webhooks).toBe(false);

    const webhook = await notifiedTokenization();
    expect(webhook.headers.authorization).toBeUndefined();
    expect(JSON.stringify(webhook.headers)).not.toContain(shop.secretKey);
    const signature = Buffer.from(String(webhook.headers["content-signature"]), "base64");
    expect(verify("sha256", Buffer.from(webhook.body), shop.publicKey, signature)).toBe(true);

    // The synchronous verification request follows the same setting.
    await notifiedTokenization({ verification_url: `${receiver.origin}/verify` });
    const verification = receiver.received.filter((request) => request.path === "/verify").at(-1);
    expect(verification?.headers.authorization).toBeUndefined();
  });

  it("is refused as anything but true or false", async () => {
    const patched = await callJson(gateway, "/shop", {
      shop,
      method: "PATCH",
      body: { settings: { send_secret_key_in_webhooks: "no" } },
    });
    expect(patched.status).toBe(422);
    expect(patched.body.errors).toEqual({
      settings: { send_secret_key_in_webhooks: ["must be true or false"] },
    });
  });
});
