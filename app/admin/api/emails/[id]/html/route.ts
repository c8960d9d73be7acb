import { credentialsOf, readAdminSession } from "@/lib/admin/session";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

/**
 * The HTML part of a shopper e-mail as a document of its own, for the sandboxed frame of the E-mails page. The
 * admin proxy gives this path its own headers (see `emailPreviewSecurityHeaders`): no script at all, the message's
 * inline styles allowed, framed by the admin area only.
 */
export async function GET(_request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const session = await readAdminSession();
  const plain = (text: string, status: number) =>
    new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!session) return plain("Signed out", 401);
  const result = await getMerchantClient().getShopperEmail(credentialsOf(session), id);
  if (!result.ok)
    return plain(result.kind === "not_found" ? "Not found" : "Unavailable", result.status || 502);
  return new Response(result.data.html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
