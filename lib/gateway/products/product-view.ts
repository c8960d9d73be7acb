import type { CheckoutCustomerField } from "@/lib/contracts/checkout";
import type { Language } from "@/lib/contracts/languages";
import type { Product } from "@/lib/contracts/product";
import type { ProductRow } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";

/** The payment link: each visit opens a checkout session of the product. */
export function productPayUrl(deps: Pick<GatewayDeps, "config">, id: string): string {
  return `${deps.config.publicUrl}/products/${id}/pay`;
}

/** bePaid's order confirmation link; here it opens the same payment page. */
export function productConfirmUrl(deps: Pick<GatewayDeps, "config">, id: string, shopId: number): string {
  return `${deps.config.publicUrl}/v2/confirm_order/${id}/${shopId}`;
}

interface StoredAdditionalData {
  receipt_text?: string[];
  contract?: string[];
}

/** A stored product as the API returns it: every field present, with its links. */
export function productFromRow(deps: Pick<GatewayDeps, "config">, row: ProductRow): Product {
  const additional = (row.additionalData ?? {}) as StoredAdditionalData;
  const payUrl = productPayUrl(deps, row.id);
  return {
    id: row.id,
    shop_id: row.shopId,
    name: row.name,
    description: row.description,
    currency: row.currency,
    amount: row.amount,
    quantity: row.infinite ? null : row.quantity,
    infinite: row.infinite,
    sold: row.sold,
    visible: row.visible as CheckoutCustomerField[],
    test: row.test,
    immortal: row.immortal,
    expired_at: row.expiresAt?.toISOString() ?? null,
    transaction_type: row.transactionType,
    language: (row.language as Language | null) ?? null,
    return_url: row.returnUrl,
    success_url: row.successUrl,
    fail_url: row.failUrl,
    notification_url: row.notificationUrl,
    additional_data: { receipt_text: additional.receipt_text ?? [], contract: additional.contract ?? [] },
    active: row.active,
    pay_url: payUrl,
    payment_url: payUrl,
    confirm_url: productConfirmUrl(deps, row.id, row.shopId),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
