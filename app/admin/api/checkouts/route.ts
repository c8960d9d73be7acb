import { checkoutForTheBrowser } from "@/lib/admin/browser-view";
import { readPageFilters } from "@/lib/admin/filters";
import { ADMIN_PAGE_SIZE } from "@/lib/admin/page-size";
import { answerAdminRead } from "@/lib/admin/read-route";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export async function GET(request: Request) {
  const { page } = readPageFilters(new URL(request.url).searchParams);
  return answerAdminRead(async (credentials) => {
    const result = await getMerchantClient().listCheckouts(credentials, { page, perPage: ADMIN_PAGE_SIZE });
    // Each session's token stays here: it is the bearer credential of its payment page.
    return result.ok
      ? { ...result, data: { ...result.data, items: result.data.items.map(checkoutForTheBrowser) } }
      : result;
  });
}
