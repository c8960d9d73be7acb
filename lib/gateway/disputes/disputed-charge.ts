import { eq } from "drizzle-orm";
import { transactions } from "@/lib/db/schema";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import type { RenderableRow } from "../transactions/transaction-view";

/** A disputed payment or capture, with the own body of what it shows (a capture, its authorization's). */
export type ChargeRow = RenderableRow;

/**
 * Reads a disputed charge in the dispute's database transaction — `lock`: under the row lock every refund of it takes
 * (tessera_reserve_child), so what a chargeback takes and what refunds take are decided one after the other — and
 * the body of the authorization a capture descends from (its card, customer, notification URL), by primary key.
 */
export async function readCharge(
  tx: DatabaseTransaction,
  uid: string,
  options: { lock: boolean },
): Promise<ChargeRow | undefined> {
  const query = tx.select().from(transactions).where(eq(transactions.uid, uid));
  const [charge] = options.lock ? await query.for("update") : await query;
  if (!charge) return undefined;
  if (charge.parentUid === null) return { ...charge, originBody: null };
  const [origin] = await tx
    .select({ body: transactions.body })
    .from(transactions)
    .where(eq(transactions.uid, charge.parentUid));
  return { ...charge, originBody: origin?.body ?? null };
}
