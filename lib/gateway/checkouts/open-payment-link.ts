import { DEFAULT_CHECKOUT_LIFETIME_MS } from "@/lib/contracts/checkout";
import { isLanguage, type Language } from "@/lib/contracts/languages";
import { negotiateLanguage } from "@/lib/contracts/negotiate-language";
import type { ProductUnavailableReason } from "@/lib/contracts/product";
import { DESCRIPTION_MAX_LENGTH } from "@/lib/contracts/tokenization";
import type { ProductRow } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { findProductRow } from "../products/get-product";
import { productUnavailableReason } from "../products/product-stock";
import { linkOpenRetryAfter } from "../rate-limit-links";
import { checkoutPageUrl, createCheckout, validateCheckout } from "./create-checkout";

/** What a visit to a payment link leads to. */
export type PaymentLinkVisit =
  | { kind: "checkout"; redirectUrl: string }
  | {
      kind: "unavailable";
      reason: ProductUnavailableReason;
      language: Language;
      productName: string;
      shopName: string | null;
      /** The shop's colour and site, for the page's accent and its way back (page-shell.ts). */
      shopColor: string | null;
      shopUrl: string | null;
    }
  | { kind: "not_found"; language: Language }
  | { kind: "busy"; language: Language; retryAfterSeconds: number };

/**
 * The shopper's language on a link: `?lang=` when it names one of the checkout's languages, else the language the
 * merchant gave the product, else what the browser prefers.
 */
export function linkLanguage(
  product: Pick<ProductRow, "language"> | null,
  query: string | undefined,
  acceptLanguage: string | null | undefined,
): Language {
  if (isLanguage(query)) return query;
  if (product && isLanguage(product.language)) return product.language;
  return negotiateLanguage(acceptLanguage);
}

/** The order's description: the product's name and what it is, within the checkout's limit. */
function orderDescription(row: ProductRow): string {
  const text = row.description === row.name ? row.name : `${row.name} — ${row.description}`;
  return text.length > DESCRIPTION_MAX_LENGTH ? `${text.slice(0, DESCRIPTION_MAX_LENGTH - 1)}…` : text;
}

/** The checkout session request a visit makes of the product: what the merchant would send to sell it once. */
export function productCheckoutRequest(row: ProductRow, language: Language, now: Date) {
  const lifetimeEnd = new Date(now.getTime() + DEFAULT_CHECKOUT_LIFETIME_MS);
  const expiresAt = row.expiresAt && row.expiresAt < lifetimeEnd ? row.expiresAt : null;
  const additional = (row.additionalData ?? {}) as { receipt_text?: string[]; contract?: string[] };
  return {
    checkout: {
      transaction_type: row.transactionType,
      test: row.test,
      order: {
        amount: row.amount,
        currency: row.currency,
        description: orderDescription(row),
        // Every payment through the link carries the product's id: the transactions list filters by it.
        tracking_id: row.id,
        expired_at: expiresAt?.toISOString() ?? null,
        additional_data: {
          receipt_text: additional.receipt_text ?? [],
          contract: additional.contract ?? [],
        },
      },
      settings: {
        success_url: row.successUrl,
        // The product's fail_url is where a declined or failed payment goes.
        decline_url: row.failUrl,
        fail_url: row.failUrl,
        return_url: row.returnUrl,
        notification_url: row.notificationUrl,
        language,
        customer_fields: { visible: row.visible, read_only: [] },
      },
    },
  };
}

/**
 * GET /products/{id}/pay (and bePaid's confirm_url): every visit opens a new checkout session of the product, so
 * the hosted page, 3-D Secure, webhooks and receipts are the ones every session has. A link that sells no more
 * (sold out, deactivated, expired) opens none. `shopId` is the confirm_url's: the product must be that shop's.
 */
export async function openPaymentLink(options: {
  deps: Pick<GatewayDeps, "config" | "db" | "clock" | "shops" | "rateLimiter" | "metrics">;
  productId: string;
  shopId?: number;
  lang?: string;
  acceptLanguage?: string | null;
  /** The visitor's address: each visit that would open a session counts against `LINK_OPENS_PER_ADDRESS`. */
  clientAddress: string;
}): Promise<PaymentLinkVisit> {
  const { deps } = options;
  const row = await findProductRow(deps, options.productId, options.shopId);
  const language = linkLanguage(row, options.lang, options.acceptLanguage);
  const shop = row ? await deps.shops.get(row.shopId) : null;
  if (!row || !shop) return { kind: "not_found", language };
  const now = deps.clock.now();
  const reason = productUnavailableReason(row, now);
  if (reason)
    return {
      kind: "unavailable",
      reason,
      language,
      productName: row.name,
      shopName: shop.settings.branding.name ?? shop.name,
      shopColor: shop.settings.branding.color,
      shopUrl: shop.settings.support_url,
    };
  const retryAfterSeconds = await linkOpenRetryAfter(deps, options.clientAddress);
  if (retryAfterSeconds > 0) return { kind: "busy", language, retryAfterSeconds };
  const created = await createCheckout({
    deps,
    shop,
    // Validated as a merchant's request is: the product's URLs meet the deployment's policy as it is now.
    request: validateCheckout(deps, productCheckoutRequest(row, language, now)),
    productId: row.id,
  });
  // The shopper's browser goes straight to the page (the widget form of `redirect_url` is for merchants' frames).
  return { kind: "checkout", redirectUrl: checkoutPageUrl(deps, created.token) };
}
