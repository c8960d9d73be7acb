import type { ErrorTree } from "@/lib/contracts/errors";
import type { ShopCredentials } from "@/lib/gateway-client/checkout";
import type { GatewayResult } from "@/lib/gateway-client/http";
import { forTheBrowser } from "./browser-view";
import { credentialsOf, isSameOriginRequest, requireAdminSession, sessionRejected } from "./session";
import type { AdminSession } from "./session-cookie";

/** What every admin server action answers; forms branch on `status`. */
export type ActionResult<T> =
  | { status: "ok"; data: T }
  /** The gateway refused the input: `errors` is nested like the request, ready to map onto form fields. */
  | { status: "invalid"; message: string; errors: ErrorTree }
  /** The request did not come from this deployment's pages (see the Origin guard). */
  | { status: "refused"; message: string }
  | { status: "failed"; message: string };

export const REFUSED_ORIGIN = {
  status: "refused",
  message: "This request did not come from the admin area and was refused.",
} as const;

/** An action's answer reaches the browser too: without card tokens or stamps, as the read endpoints'. */
export function toActionResult<T>(result: GatewayResult<T>): ActionResult<T> {
  if (result.ok) return { status: "ok", data: forTheBrowser(result.data) };
  switch (result.kind) {
    case "unauthorized":
      return sessionRejected();
    case "invalid":
    case "conflict":
      return { status: "invalid", message: result.message, errors: result.errors };
    case "not_found":
      return { status: "failed", message: "Not found: it may belong to another shop or no longer exist." };
    case "rate_limited":
      return { status: "failed", message: "Too many requests. Try again shortly." };
    default:
      return { status: "failed", message: "The gateway cannot be reached. Try again shortly." };
  }
}

/**
 * The frame of every admin server action that acts for the signed-in shop: the Origin guard first, then the
 * session (signed-out callers are sent to the sign-in page), then the one gateway call.
 */
export async function runAdminAction<T>(
  call: (credentials: ShopCredentials, session: AdminSession) => Promise<GatewayResult<T>>,
): Promise<ActionResult<T>> {
  if (!(await isSameOriginRequest())) return REFUSED_ORIGIN;
  const session = await requireAdminSession();
  return toActionResult(await call(credentialsOf(session), session));
}
