import type { Metadata } from "next";
import type { ReactNode } from "react";
import "../checkout/checkout.css";
import "./subscription.css";

export const metadata: Metadata = {
  title: { absolute: "Subscription" },
  // A subscriber's own link: personal, never indexed.
  robots: { index: false, follow: false },
};

/** The subscriber's pages look as the hosted payment page does (its styles, light and dark, right to left). */
export default function SubscriptionLayout({ children }: { children: ReactNode }) {
  return children;
}
