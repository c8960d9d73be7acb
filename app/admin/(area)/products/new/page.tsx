import type { Metadata } from "next";
import Link from "next/link";
import { ProductForm } from "@/components/admin/products/product-form";

export const metadata: Metadata = { title: "New product" };

export default function NewProductPage() {
  return (
    <>
      <p className="admin-breadcrumb">
        <Link href="/admin/products">Products</Link>
      </p>
      <h1 id="new-product-title">New product</h1>
      <ProductForm />
    </>
  );
}
