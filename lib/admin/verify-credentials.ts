import type { MerchantClient } from "@/lib/gateway-client/merchant";

export type CredentialsVerdict =
  | { status: "verified"; shopId: string }
  | { status: "rejected"; message: string }
  | { status: "rate_limited"; message: string }
  | { status: "unavailable"; message: string };

/**
 * Sign-in's check: the gateway is asked for the shop with the credentials given, so the admin area accepts exactly
 * what the API accepts. Repeated failures are throttled by the gateway per client address; its wait is passed on.
 */
export async function verifyShopCredentials(
  client: MerchantClient,
  shopId: string,
  secretKey: string,
): Promise<CredentialsVerdict> {
  const shop = await client.getShop({ shopId, secretKey });
  if (shop.ok) return { status: "verified", shopId: String(shop.data.id) };
  switch (shop.kind) {
    case "unauthorized":
    case "not_found":
      return { status: "rejected", message: "The shop id or secret key is not correct." };
    case "rate_limited": {
      const wait = shop.retryAfterSeconds
        ? ` Try again in ${shop.retryAfterSeconds} seconds.`
        : " Try again later.";
      return { status: "rate_limited", message: `Too many failed sign-ins.${wait}` };
    }
    default:
      return { status: "unavailable", message: "The gateway cannot be reached. Try again shortly." };
  }
}
