import { jsonResponse } from "@/lib/admin/read-route";
import { credentialsOf, readAdminSession } from "@/lib/admin/session";
import { getDisputesClient } from "@/lib/gateway-client/disputes";

/** An evidence file, downloaded through the admin with the session's credentials: only its shop ever gets it. */
export async function GET(_request: Request, context: { params: Promise<{ id: string; fileId: string }> }) {
  const session = await readAdminSession();
  if (!session) return jsonResponse({ message: "Signed out" }, 401);
  const { id, fileId } = await context.params;
  const file = await getDisputesClient().downloadEvidenceFile(credentialsOf(session), id, fileId);
  if (!file) return jsonResponse({ message: "Not found. It may not exist, or belong to another shop." }, 404);
  return new Response(file.content, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": file.contentDisposition,
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
