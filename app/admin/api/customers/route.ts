import { readCustomerFilters } from "@/lib/admin/filters";
import { ADMIN_PAGE_SIZE } from "@/lib/admin/page-size";
import { answerAdminRead } from "@/lib/admin/read-route";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export async function GET(request: Request) {
  const filters = readCustomerFilters(new URL(request.url).searchParams);
  return answerAdminRead((credentials) =>
    getMerchantClient().listCustomers(credentials, {
      page: filters.page,
      perPage: ADMIN_PAGE_SIZE,
      email: filters.email,
    }),
  );
}
