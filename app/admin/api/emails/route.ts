import { readPageFilters } from "@/lib/admin/filters";
import { ADMIN_PAGE_SIZE } from "@/lib/admin/page-size";
import { answerAdminRead } from "@/lib/admin/read-route";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const { page } = readPageFilters(params);
  const transactionUid = params.get("transaction_uid")?.trim() || undefined;
  return answerAdminRead((credentials) =>
    getMerchantClient().listShopperEmails(credentials, { page, perPage: ADMIN_PAGE_SIZE, transactionUid }),
  );
}
