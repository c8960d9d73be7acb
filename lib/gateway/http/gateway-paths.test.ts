import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GATEWAY_BASE_PATH, gatewayPathOf, ROOT_API_SEGMENTS } from "./gateway-paths";

describe("gatewayPathOf", () => {
  it.each([
    ["/gateway", "/gateway"],
    ["/gateway/health", "/gateway/health"],
    ["/gateway?x=1", "/gateway?x=1"],
    ["/transactions/payments", "/gateway/transactions/payments"],
    ["/transactions", "/gateway/transactions"],
    ["/transactions?status=failed", "/gateway/transactions?status=failed"],
    ["/customers/cst_0123456789abcdef", "/gateway/customers/cst_0123456789abcdef"],
    ["/credit_cards", "/gateway/credit_cards"],
    ["/ctp/api/checkouts", "/gateway/ctp/api/checkouts"],
    ["/v2/transactions/tracking_id/order-1", "/gateway/v2/transactions/tracking_id/order-1"],
    ["/products/prd_0123456789abcdef/pay", "/gateway/products/prd_0123456789abcdef/pay"],
    ["/v2/confirm_order/prd_0123456789abcdef/1", "/gateway/v2/confirm_order/prd_0123456789abcdef/1"],
    ["/plans/pln_0123456789abcdef/pay", "/gateway/plans/pln_0123456789abcdef/pay"],
    ["/plans/pln_0123456789abcdef/pay?lang=de", "/gateway/plans/pln_0123456789abcdef/pay?lang=de"],
  ])("sends %s to the gateway as %s", (url, expected) => {
    expect(gatewayPathOf(url)).toBe(expected);
  });

  it.each([
    "/",
    "/checkout/abc",
    "/admin/transactions",
    "/demo/result",
    "/gatewayx",
    "/transactionsx",
    "/customers-list",
    "/productsx",
    "/process/0b9e3c3e-0000-4000-8000-000000000000",
    "/_next/static/chunk.js",
  ])("leaves %s to the checkout app", (url) => {
    expect(gatewayPathOf(url)).toBeNull();
  });

  it("leaves an absent URL to the checkout app", () => {
    expect(gatewayPathOf(undefined)).toBeNull();
  });
});

/** Route folders of the Next app, as URL segments (route groups `(name)` and private `_folders` take none). */
function pageRouteSegments(dir: string): string[] {
  const segments: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (entry.name.startsWith("(") && entry.name.endsWith(")")) {
      segments.push(...pageRouteSegments(path.join(dir, entry.name)));
    } else if (!entry.name.startsWith("_")) {
      segments.push(entry.name);
    }
  }
  return segments;
}

describe("the checkout app's routes", () => {
  it("take none of the gateway's paths at the root", () => {
    const appDir = path.resolve(import.meta.dirname, "../../../app");
    const topLevel = pageRouteSegments(appDir);
    expect(topLevel).toContain("checkout");
    for (const segment of [...ROOT_API_SEGMENTS, GATEWAY_BASE_PATH.slice(1)]) {
      expect(topLevel).not.toContain(segment);
    }
  });
});
