import { cookies, headers } from "next/headers";
import { cache } from "react";
import { LANGUAGE_COOKIE } from "@/lib/checkout/language-cookie";
import { negotiateLanguage } from "@/lib/checkout/messages";
import { isLanguage, type Language } from "@/lib/contracts/languages";

/**
 * The language a checkout page speaks: the shopper's own choice on this session's page (its path-scoped cookie),
 * else the session's `language` as the merchant set it, else — with no session to ask, as on an unknown payment
 * link — what the browser's `Accept-Language` prefers.
 */
export const shopperLanguage = cache(async (sessionLanguage: string | null): Promise<Language> => {
  const chosen = (await cookies()).get(LANGUAGE_COOKIE)?.value;
  if (isLanguage(chosen)) return chosen;
  if (isLanguage(sessionLanguage)) return sessionLanguage;
  return negotiateLanguage((await headers()).get("accept-language"));
});
