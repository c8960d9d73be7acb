import { readPageFilters } from "@/lib/admin/filters";
import { ADMIN_PAGE_SIZE } from "@/lib/admin/page-size";
import { answerAdminRead } from "@/lib/admin/read-route";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export async function GET(request: Request) {
  const { page } = readPageFilters(new URL(request.url).searchParams);
  return answerAdminRead((credentials) =>
    getMerchantClient().listCheckouts(credentials, { page, perPage: ADMIN_PAGE_SIZE }),
  );
}
