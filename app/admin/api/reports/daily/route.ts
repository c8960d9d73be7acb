import { answerAdminRead } from "@/lib/admin/read-route";
import { readReportMode, readReportRange } from "@/lib/admin/report-range";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const range = { ...readReportRange(params, new Date()), test: readReportMode(params) };
  return answerAdminRead((credentials) => getMerchantClient().getDailyReport(credentials, range));
}
