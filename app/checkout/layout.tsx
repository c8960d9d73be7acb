import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./checkout.css";

export const metadata: Metadata = {
  // The pages name the shop in their own title, in the session's language (read-checkout.ts).
  title: { absolute: "Payment" },
  // Session pages are personal and short-lived.
  robots: { index: false, follow: false },
};

export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return children;
}
