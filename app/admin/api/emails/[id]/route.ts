import { answerAdminRead } from "@/lib/admin/read-route";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export async function GET(_request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  return answerAdminRead((credentials) => getMerchantClient().getShopperEmail(credentials, id));
}
