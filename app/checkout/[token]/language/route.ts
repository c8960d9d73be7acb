import { type NextRequest, NextResponse } from "next/server";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from "@/lib/checkout/language-cookie";
import { checkoutPagePath } from "@/lib/checkout/merchant-return";
import { originOf } from "@/lib/checkout/security-headers";
import { isLanguage } from "@/lib/contracts/languages";
import { isCheckoutToken } from "@/lib/gateway-client";
import { getConfig } from "@/lib/server/config";

/**
 * The language switcher's form post: keeps the shopper's choice for this session (language-cookie.ts) and goes back
 * to the page, which then speaks it. A plain form, so it works before (and without) the page's script. Only posts
 * from this origin count; anything else, or a language the checkout does not speak, changes nothing.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const base = getConfig().publicUrl;
  const page = isCheckoutToken(token) ? checkoutPagePath(token) : "/";
  const response = NextResponse.redirect(new URL(page, base), 303);
  response.headers.set("Cache-Control", "no-store");
  const origin = request.headers.get("origin");
  if (!isCheckoutToken(token) || (origin !== null && origin !== originOf(base))) return response;

  const form = await request.formData().catch(() => null);
  const language = form?.get("language");
  if (isLanguage(language)) {
    response.cookies.set(LANGUAGE_COOKIE, language, {
      path: checkoutPagePath(token),
      maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
      httpOnly: true,
      sameSite: "lax",
      secure: base.startsWith("https:"),
    });
  }
  return response;
}
