import { answerAdminRead, jsonResponse } from "@/lib/admin/read-route";
import { isSameOriginRequest } from "@/lib/admin/session";
import { getDisputesClient } from "@/lib/gateway-client/disputes";

/**
 * An evidence file's upload from the dispute's page, passed on to the gateway with the session's credentials (a
 * route rather than a server action: actions take 1 MB, evidence files up to 5). The gateway judges the file.
 */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  if (!(await isSameOriginRequest()))
    return jsonResponse({ message: "This request did not come from the admin area and was refused." }, 403);
  const { id } = await context.params;
  let file: File | null = null;
  try {
    const value = (await request.formData()).get("file");
    if (value && typeof value !== "string") file = value;
  } catch {
    // Not a form: answered below like a form without a file.
  }
  if (!file)
    return jsonResponse({ message: "File can't be blank", errors: { file: ["can't be blank"] } }, 422);
  const upload = file;
  return answerAdminRead((credentials) => getDisputesClient().uploadEvidenceFile(credentials, id, upload));
}
