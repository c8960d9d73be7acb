import type { Product } from "@/lib/contracts/product";

/** What the link does now, in the words the shopper's page uses. */
export function linkState(product: Product, now = new Date()): string {
  if (!product.active) return "deactivated";
  if (product.expired_at && new Date(product.expired_at) <= now) return "expired";
  if (!product.infinite && (product.quantity ?? 0) <= 0) return "sold out";
  return "selling";
}
