import { randomBytes } from "node:crypto";
import { amountCeilingErrors } from "@/lib/contracts/amount-limits";
import { mergeErrorTrees } from "@/lib/contracts/errors";
import {
  type Product,
  type ProductCreateRequest,
  parseProductCreateRequest,
  productTerms,
} from "@/lib/contracts/product";
import { products } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { checkMerchantUrls, urlsAt } from "../net/merchant-url-policy";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { productFromRow } from "./product-view";

/** `prd_` + 16 hex characters (64 random bits). */
export function generateProductId(): string {
  return `prd_${randomBytes(8).toString("hex")}`;
}

export const PRODUCT_URL_FIELDS = ["return_url", "success_url", "fail_url", "notification_url"] as const;

/**
 * POST /products's flat body as the typed request `createProduct` takes: its own rules and the deployment's
 * merchant-URL policy, then the ceiling on its price, in one 422.
 */
export function validateProduct(
  deps: Pick<GatewayDeps, "config" | "clock">,
  body: unknown,
): ProductCreateRequest {
  const now = deps.clock.now();
  const parsed = parseProductCreateRequest(body, { now: () => now });
  const urlErrors = checkMerchantUrls(deps.config, urlsAt(body, PRODUCT_URL_FIELDS));
  if (!parsed.ok) throw GatewayError.validation(mergeErrorTrees(parsed.errors, urlErrors));
  // Every payment of the link moves the product's price: the ceiling on any one amount holds for it from the start.
  const ceilingErrors = mergeErrorTrees(
    amountCeilingErrors(parsed.value.amount, parsed.value.currency),
    urlErrors,
  );
  if (Object.keys(ceilingErrors).length > 0) throw GatewayError.validation(ceilingErrors);
  return parsed.value;
}

/** POST /products: stores the product with its stock; answers it with its links. */
export async function createProduct(options: {
  deps: Pick<GatewayDeps, "config" | "db" | "clock">;
  shop: AuthenticatedShop;
  request: ProductCreateRequest;
}): Promise<Product> {
  const { deps, shop, request } = options;
  const now = deps.clock.now();
  const terms = productTerms(request);
  const visible = [...new Set([...(request.visible ?? []), ...(request.visible_fields ?? [])])];

  const [row] = await deps.db
    .insert(products)
    .values({
      id: generateProductId(),
      shopId: shop.id,
      name: request.name,
      description: request.description,
      currency: request.currency,
      amount: request.amount,
      infinite: terms.infinite,
      quantity: terms.quantity,
      visible,
      // A test-mode shop's products are test products whatever the request says.
      test: shop.test || request.test === true,
      immortal: terms.immortal,
      expiresAt: terms.expiredAt ? new Date(terms.expiredAt) : null,
      transactionType: request.transaction_type ?? "payment",
      language: request.language ?? null,
      returnUrl: request.return_url ?? null,
      successUrl: request.success_url ?? null,
      failUrl: request.fail_url ?? null,
      notificationUrl: request.notification_url ?? null,
      additionalData: request.additional_data ?? null,
      ...(deps.clock.isFixed ? { createdAt: now, updatedAt: now } : {}),
    })
    .returning();
  return productFromRow(deps, row);
}
