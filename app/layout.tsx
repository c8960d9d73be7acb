import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { documentLanguage } from "./checkout/document-language";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Tessera", template: "%s · Tessera" },
  description: "Hosted card checkout and card tokenization",
  // No address (a checkout token is in it) leaves for another site; same-origin posts keep their Origin, which
  // Next's server actions check (under "no-referrer" a form post without JavaScript would say `Origin: null`).
  referrer: "same-origin",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** `<html lang dir>`: English, except on a checkout page, which speaks its session's language (document-language.ts). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const { lang, dir } = await documentLanguage();
  return (
    <html lang={lang} dir={dir}>
      <body>{children}</body>
    </html>
  );
}
