import { execFileSync } from "node:child_process";
import { createPrivateKey, generateKeyPairSync, randomBytes, verify } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  contentSignature,
  type ShopSigningKeys,
  signedRequestHeaders,
  standardWebhookSignature,
  WEBHOOK_USER_AGENT,
} from "./signing";

const { privateKey, publicKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});
const keys: ShopSigningKeys = {
  shopId: 42,
  secretKey: "a".repeat(64),
  webhookSecret: `whsec_${randomBytes(24).toString("base64")}`,
  privateKey: createPrivateKey(privateKey),
  sendSecretKey: true,
};
const body = JSON.stringify({ transaction: { uid: "6f1c…", status: "successful", message: "Ünïcödé ✓" } });

describe("signing a request to a merchant", () => {
  const headers = signedRequestHeaders({ keys, webhookId: "msg_abc", sentAt: new Date(), body });

  it("sends every header a merchant may check", () => {
    expect(headers).toMatchObject({
      "Content-Type": "application/json",
      "User-Agent": WEBHOOK_USER_AGENT,
      Authorization: `Basic ${Buffer.from(`42:${"a".repeat(64)}`).toString("base64")}`,
      "webhook-id": "msg_abc",
    });
    expect(Number(headers["webhook-timestamp"])).toBeCloseTo(Date.now() / 1000, -1);
  });

  it("leaves the secret key out of Authorization when the shop turned send_secret_key_in_webhooks off", () => {
    const unsent = signedRequestHeaders({
      keys: { ...keys, sendSecretKey: false },
      webhookId: "msg_abc",
      sentAt: new Date(),
      body,
    });
    expect(Object.keys(unsent).map((name) => name.toLowerCase())).not.toContain("authorization");
    expect(JSON.stringify(unsent)).not.toContain(Buffer.from(`42:${"a".repeat(64)}`).toString("base64"));
    expect(unsent["Content-Signature"]).toBe(headers["Content-Signature"]);
    expect(unsent["webhook-signature"]).toMatch(/^v1,/);
  });

  it("signs the raw body with the shop's RSA key (Content-Signature)", () => {
    const signature = Buffer.from(headers["Content-Signature"], "base64");
    expect(verify("sha256", Buffer.from(body), publicKey, signature)).toBe(true);
    expect(verify("sha256", Buffer.from(`${body} `), publicKey, signature)).toBe(false);
  });

  it("is verified by the openssl command line too", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-signing-"));
    try {
      fs.writeFileSync(path.join(dir, "pub.pem"), publicKey);
      fs.writeFileSync(path.join(dir, "body.json"), body);
      fs.writeFileSync(
        path.join(dir, "sig.bin"),
        Buffer.from(contentSignature(body, keys.privateKey), "base64"),
      );
      const output = execFileSync(
        "openssl",
        ["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.bin", "body.json"],
        { cwd: dir, encoding: "utf8" },
      );
      expect(output.trim()).toBe("Verified OK");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("signs for Standard Webhooks with the decoded secret", () => {
    const verified = new Webhook(keys.webhookSecret).verify(body, {
      "webhook-id": headers["webhook-id"],
      "webhook-timestamp": headers["webhook-timestamp"],
      "webhook-signature": headers["webhook-signature"],
    });
    expect(verified).toEqual(JSON.parse(body));
    expect(() =>
      new Webhook(keys.webhookSecret).verify(body.replace("successful", "failed"), {
        "webhook-id": headers["webhook-id"],
        "webhook-timestamp": headers["webhook-timestamp"],
        "webhook-signature": headers["webhook-signature"],
      }),
    ).toThrow();
  });

  it("matches the reference signature of the Standard Webhooks library", () => {
    const at = new Date("2030-01-01T00:00:00Z");
    const expected = new Webhook(keys.webhookSecret).sign("msg_1", at, body);
    expect(standardWebhookSignature(keys.webhookSecret, "msg_1", at.getTime() / 1000, body)).toBe(expected);
  });
});
