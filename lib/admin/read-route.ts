import { NextResponse } from "next/server";
import type { ShopCredentials } from "@/lib/gateway-client/checkout";
import type { GatewayResult } from "@/lib/gateway-client/http";
import { forTheBrowser } from "./browser-view";
import { credentialsOf, readAdminSession } from "./session";

/**
 * The admin pages' read endpoints (`/admin/api/...`, GET only): the browser's TanStack queries call them, they
 * call the gateway with the session's credentials. A missing or refused session is a 401 the page reacts to by
 * sending the merchant to the sign-in page. Answers leave without card tokens or stamps (`forTheBrowser`).
 */
const NO_STORE = { "Cache-Control": "no-store" };

export function jsonResponse(body: unknown, status = 200): Response {
  return NextResponse.json(body, { status, headers: NO_STORE });
}

export async function answerAdminRead<T>(
  call: (credentials: ShopCredentials) => Promise<GatewayResult<T>>,
): Promise<Response> {
  const session = await readAdminSession();
  if (!session) return jsonResponse({ message: "Signed out" }, 401);
  const result = await call(credentialsOf(session));
  if (result.ok) return jsonResponse(forTheBrowser(result.data));
  switch (result.kind) {
    case "unauthorized":
      return jsonResponse({ message: "Signed out" }, 401);
    case "not_found":
      return jsonResponse({ message: "Not found. It may not exist, or belong to another shop." }, 404);
    case "invalid":
    case "conflict":
      return jsonResponse({ message: result.message, errors: result.errors }, 422);
    case "rate_limited":
      return jsonResponse({ message: "Too many requests. Try again shortly." }, 429);
    default:
      return jsonResponse({ message: "The gateway cannot be reached. Try again shortly." }, 502);
  }
}
