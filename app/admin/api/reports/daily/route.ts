import { answerAdminRead } from "@/lib/admin/read-route";
import { readReportRange } from "@/lib/admin/report-range";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export async function GET(request: Request) {
  const range = readReportRange(new URL(request.url).searchParams, new Date());
  return answerAdminRead((credentials) => getMerchantClient().getDailyReport(credentials, range));
}
