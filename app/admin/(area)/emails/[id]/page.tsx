import type { Metadata } from "next";
import { ShopperEmailDetail } from "@/components/admin/emails/shopper-email-detail";

export const metadata: Metadata = { title: "E-mail" };

export default async function EmailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ShopperEmailDetail id={id} />;
}
