"use server";

import { redirect } from "next/navigation";
import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import { productBodyFromForm } from "@/lib/admin/product-form";
import type { Product } from "@/lib/contracts/product";
import { getProductsClient } from "@/lib/gateway-client/products";

/** "New product": the gateway validates; on success the merchant lands on the product's page with its link. */
export async function createProductAction(
  _previous: ActionResult<Product> | null,
  form: FormData,
): Promise<ActionResult<Product>> {
  const result = await runAdminAction((credentials) =>
    getProductsClient().createProduct(credentials, productBodyFromForm(form)),
  );
  if (result.status === "ok") redirect(`/admin/products/${result.data.id}?created=1`);
  return result;
}

/** Deactivates (or reactivates) a product's payment link. */
export async function setProductActiveAction(id: string, active: boolean): Promise<ActionResult<null>> {
  if (typeof id !== "string" || typeof active !== "boolean") {
    return { status: "failed", message: "Not a product." };
  }
  return runAdminAction((credentials) => getProductsClient().updateProduct(credentials, id, { active }));
}
