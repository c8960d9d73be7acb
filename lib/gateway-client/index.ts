import { getConfig } from "@/lib/server/config";
import { type CheckoutClient, checkoutClient } from "./checkout";
import { currentClientAddress } from "./forwarded-address";

/**
 * The checkout app's one way to the gateway: over HTTP at `GATEWAY_BASE_URL`, exactly as any merchant or
 * compatible client would. Server-side only (it reads the configuration).
 */
let cached: CheckoutClient | undefined;

export function getCheckoutClient(): CheckoutClient {
  cached ??= checkoutClient({ baseUrl: getConfig().gatewayBaseUrl, forwardedFor: currentClientAddress });
  return cached;
}

export type { CheckoutClient, CheckoutPaymentRequest, CreatedCheckout, ShopCredentials } from "./checkout";
export { checkoutClient, isCheckoutToken } from "./checkout";
export type { GatewayConnection, GatewayCredentials, GatewayFailure, GatewayResult } from "./http";
export { callGateway } from "./http";
