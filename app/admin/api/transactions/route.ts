import { readTransactionFilters } from "@/lib/admin/filters";
import { ADMIN_PAGE_SIZE } from "@/lib/admin/page-size";
import { answerAdminRead } from "@/lib/admin/read-route";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export async function GET(request: Request) {
  const filters = readTransactionFilters(new URL(request.url).searchParams);
  return answerAdminRead((credentials) =>
    getMerchantClient().listTransactions(credentials, {
      page: filters.page,
      perPage: ADMIN_PAGE_SIZE,
      trackingId: filters.tracking_id,
      status: filters.status,
      type: filters.type,
      createdFrom: filters.from,
      createdTo: filters.to,
    }),
  );
}
