import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/server/config";
import {
  CHECKOUT_URL_FIELDS,
  checkMerchantUrls,
  TRANSACTION_URL_FIELDS,
  urlsAt,
} from "./merchant-url-policy";

const production = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://pay.example", ...env });

describe("checkMerchantUrls", () => {
  const urls = {
    notification_url: "http://merchant.example/hooks",
    verification_url: "https://merchant.example/verify",
    return_url: "HTTP://merchant.example/back",
  };

  it("refuses plain http in production, field by field", () => {
    expect(checkMerchantUrls(production(), urls)).toEqual({
      notification_url: ["must be https"],
      return_url: ["must be https"],
    });
  });

  it("nests errors like the request", () => {
    expect(
      checkMerchantUrls(production(), {
        "settings.cancel_url": "http://m.example/cart",
        "settings.success_url": null,
      }),
    ).toEqual({ settings: { cancel_url: ["must be https"] } });
  });

  it("allows http when the operator does (ALLOW_HTTP_URLS or ALLOW_PRIVATE_URLS), and outside production", () => {
    expect(checkMerchantUrls(production({ ALLOW_HTTP_URLS: "true" }), urls)).toEqual({});
    expect(checkMerchantUrls(production({ ALLOW_PRIVATE_URLS: "true" }), urls)).toEqual({});
    expect(checkMerchantUrls(loadConfig({ NODE_ENV: "development" }), urls)).toEqual({});
  });

  it("leaves https, this deployment's own origin and what is not an http URL alone", () => {
    const plainProduction = production({ PUBLIC_URL: "http://pay.internal:8080" });
    expect(
      checkMerchantUrls(plainProduction, {
        return_url: "http://pay.internal:8080/checkout/abc/return",
        notification_url: "https://merchant.example/hooks",
        verification_url: "not a url",
        "settings.fail_url": 42,
      }),
    ).toEqual({});
    expect(checkMerchantUrls(plainProduction, { return_url: "http://pay.internal:8081/x" })).toEqual({
      return_url: ["must be https"],
    });
  });
});

describe("urlsAt", () => {
  it("reads the URL fields of a raw request, missing ones as undefined", () => {
    const raw = { settings: { success_url: "https://a.example", cancel_url: 3 }, customer: null };
    expect(urlsAt(raw, CHECKOUT_URL_FIELDS)).toMatchObject({
      "settings.success_url": "https://a.example",
      "settings.cancel_url": 3,
      "settings.fail_url": undefined,
    });
    expect(Object.keys(urlsAt(null, TRANSACTION_URL_FIELDS))).toEqual([...TRANSACTION_URL_FIELDS]);
  });
});
