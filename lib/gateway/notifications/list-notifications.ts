import { and, asc, eq } from "drizzle-orm";
import type { NotificationDelivery } from "@/lib/contracts/notification";
import type { Database } from "@/lib/db/client";
import { notificationDeliveries } from "@/lib/db/schema";
import { getTransaction } from "../transactions/get-transaction";
import { viewDeliveries } from "./delivery-view";

/** GET /transactions/{uid}/notifications: the transaction's deliveries, oldest first, with every attempt. */
export async function listNotifications(options: {
  deps: { db: Database };
  shopId: number;
  uid: string;
}): Promise<NotificationDelivery[]> {
  const { deps, shopId, uid } = options;
  // Unknown and other shops' transactions answer 404 Record not found, as the transaction query does.
  await getTransaction({ deps, shopId, uid });
  const rows = await deps.db
    .select()
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.transactionUid, uid), eq(notificationDeliveries.shopId, shopId)))
    .orderBy(asc(notificationDeliveries.createdAt), asc(notificationDeliveries.id));
  return viewDeliveries(deps.db, rows);
}
