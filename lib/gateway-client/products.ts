import type { Product, ProductCreateInput } from "@/lib/contracts/product";
import { getConfig } from "@/lib/server/config";
import type { ShopCredentials } from "./checkout";
import { currentClientAddress } from "./forwarded-address";
import type { GatewayConnection } from "./http";
import { callMerchantApi, type Page, type PageQuery } from "./merchant";

/** The products API (payment links) as the admin area uses it, with the shop's own Basic credentials. */

const PRODUCT_ID = /^prd_[0-9a-f]{16}$/;
const DEFAULT_PAGE_SIZE = 25;

function isProduct(body: unknown): body is Product {
  return typeof body === "object" && body !== null && typeof (body as { id?: unknown }).id === "string";
}

export function productsClient(connection: GatewayConnection) {
  return {
    listProducts(credentials: ShopCredentials, query: PageQuery = {}) {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
      return callMerchantApi<Page<Product>>(connection, {
        method: "GET",
        path: "/products",
        query: { page, per_page: perPage },
        credentials,
        read: (body, headers) => {
          if (!Array.isArray(body)) return undefined;
          const counted = Number(headers.get("x-total-count"));
          const total = Number.isInteger(counted) && counted >= 0 ? counted : body.length;
          return {
            items: body as Product[],
            total,
            page,
            perPage,
            pageCount: Math.max(1, Math.ceil(total / perPage)),
          };
        },
      });
    },

    getProduct(credentials: ShopCredentials, id: string) {
      if (!PRODUCT_ID.test(id)) {
        return Promise.resolve({
          ok: false as const,
          kind: "not_found" as const,
          status: 404,
          message: "Malformed product id",
        });
      }
      return callMerchantApi<Product>(connection, {
        method: "GET",
        path: `/products/${id}`,
        credentials,
        read: (body) => (isProduct(body) ? body : undefined),
      });
    },

    createProduct(credentials: ShopCredentials, product: ProductCreateInput) {
      return callMerchantApi<Product>(connection, {
        method: "POST",
        path: "/products",
        credentials,
        body: product,
        read: (body) => (isProduct(body) ? body : undefined),
      });
    },

    /** PUT /products/{id}: price, stock, or whether the link still sells; answers nothing (204). */
    updateProduct(
      credentials: ShopCredentials,
      id: string,
      changes: { amount?: number; quantity?: number; infinite?: boolean; active?: boolean },
    ) {
      return callMerchantApi<null>(connection, {
        method: "PUT",
        path: `/products/${encodeURIComponent(id)}`,
        credentials,
        body: changes,
        read: () => null,
      });
    },
  };
}

export type ProductsClient = ReturnType<typeof productsClient>;

let cached: ProductsClient | undefined;

/** The products client of this deployment's gateway (`GATEWAY_BASE_URL`). */
export function getProductsClient(): ProductsClient {
  cached ??= productsClient({ baseUrl: getConfig().gatewayBaseUrl, forwardedFor: currentClientAddress });
  return cached;
}
