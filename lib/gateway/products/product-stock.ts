import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type ProductUnavailableReason, SOLD_OUT } from "@/lib/contracts/product";
import type { ProductRow } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { findProductRow } from "./get-product";

/**
 * A product's stock, held unit by unit for the payment attempts made through its link:
 * - `holdProductStock`, before the acquirer is asked: one statement takes a unit from `quantity` only while one is
 *   left (a conditional decrement that cannot go below zero, under the product row's lock) and records the hold.
 *   With none left the attempt is refused ("Sold out") and the acquirer is never asked, so twenty shoppers paying
 *   at once for the last five units make five payments, whichever instances serve them.
 * - `settleProductStock`, when the payment has ended: a successful payment takes the unit for good (`sold` + 1),
 *   a failed one gives it back. A payment waiting on 3-D Secure keeps its hold until it ends; `settleEndedHolds`
 *   (a sweep in every instance) settles such holds from their transaction, and gives back those whose transaction was
 *   never written. The hold names its payment's uid from the start: an instance dying midway leaves nothing
 *   unsettled.
 * Every settlement is conditional on the hold still being `held`, so it happens once whatever runs at once.
 *
 * An infinite product has no stock to guard: its attempts write nothing to the product's row (a hot row all its
 * sales would queue on) except `sold` + 1 for a successful one. That count is kept for infinite products too
 * because the API's product view and the admin's product pages show it for every product.
 */

/**
 * How long a payment link's payment may wait on its shopper's 3-D Secure challenge: the unit it holds is nobody
 * else's meanwhile, so an abandoned challenge must not keep it for the challenge's usual half hour. Past it the
 * challenge expires (the payment fails, the unit is given back by the sweep), as any challenge does at its end.
 */
export const STOCK_HOLD_CHALLENGE_SECONDS = 5 * 60;

/** Brings the expiry of payment `transactionUid`'s unfinished challenge within `STOCK_HOLD_CHALLENGE_SECONDS`. */
export async function boundHeldChallenge(
  deps: Pick<GatewayDeps, "db" | "clock">,
  transactionUid: string,
): Promise<void> {
  const now = deps.clock.sqlNow();
  await deps.db.execute(sql`
    update three_d_secure_challenges
       set expires_at = least(expires_at, ${now} + make_interval(secs => ${STOCK_HOLD_CHALLENGE_SECONDS}))
     where transaction_uid = ${transactionUid} and stage <> 'finished'`);
}

/** How long an attempt may hold a unit without its transaction having been written (its request died first). */
export const ORPHAN_HOLD_SECONDS = 10 * 60;

/** Why the link of this product takes no payment now; null when it does. */
export function productUnavailableReason(row: ProductRow, now: Date): ProductUnavailableReason | null {
  if (!row.active) return "inactive";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  if (!row.infinite && (row.quantity ?? 0) <= 0) return "sold_out";
  return null;
}

export const PRODUCT_UNAVAILABLE_MESSAGES: Record<ProductUnavailableReason, string> = {
  sold_out: SOLD_OUT,
  inactive: "Product is not available",
  expired: "Product is expired",
};

type Rows<T> = { rows?: T[] } | T[];

/** The database or one of its transactions: settling can join the statement that records a payment's outcome. */
export type StockExecutor = Pick<GatewayDeps["db"], "execute">;
function rowsOf<T>(result: Rows<T>): T[] {
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** Holds one unit of the product for a payment attempt of `checkoutToken`; throws when none can be held. */
export async function holdProductStock(
  deps: Pick<GatewayDeps, "db" | "clock">,
  hold: { productId: string; checkoutToken: string; transactionUid: string },
): Promise<string> {
  const id = `hold_${randomBytes(12).toString("hex")}`;
  const now = deps.clock.sqlNow();
  // A finite product's unit is taken by the conditional decrement; an infinite one is only read (no row lock, no
  // write), so its attempts never wait on each other.
  const result = await deps.db.execute<{ id: string }>(sql`
    with taken as (
      update products
         set quantity = quantity - 1
       where id = ${hold.productId}
         and not infinite
         and active
         and (expires_at is null or expires_at > ${now})
         and quantity > 0
      returning id
    ), unlimited as (
      select id from products
       where id = ${hold.productId}
         and infinite
         and active
         and (expires_at is null or expires_at > ${now})
    )
    insert into product_stock_holds (id, product_id, checkout_token, transaction_uid, created_at, updated_at)
    select ${id}, held.id, ${hold.checkoutToken}, ${hold.transactionUid}, ${now}, ${now}
      from (select id from taken union all select id from unlimited) held
    returning id`);
  if (rowsOf(result as Rows<{ id: string }>).length === 1) return id;
  const row = await findProductRow(deps, hold.productId);
  const reason = row ? (productUnavailableReason(row, deps.clock.now()) ?? "sold_out") : "inactive";
  throw GatewayError.base(PRODUCT_UNAVAILABLE_MESSAGES[reason]);
}

/** Gives a held unit back (the attempt was refused before it made a transaction). */
export async function releaseProductStock(
  deps: Pick<GatewayDeps, "db" | "clock">,
  holdId: string,
): Promise<void> {
  await settle(deps, deps.db, holdId, null, "released");
}

/**
 * Settles the hold of an attempt that made transaction `uid`: taken when it succeeded, given back when it failed,
 * kept (with the uid, for the sweep) while it waits on 3-D Secure.
 */
export async function settleProductStock(
  deps: Pick<GatewayDeps, "db" | "clock">,
  holdId: string,
  transaction: { uid: string; status: string },
  db: StockExecutor = deps.db,
): Promise<void> {
  if (transaction.status === "incomplete") {
    await db.execute(sql`
      update product_stock_holds set transaction_uid = ${transaction.uid}, updated_at = ${deps.clock.sqlNow()}
       where id = ${holdId}`);
    return;
  }
  await settle(deps, db, holdId, transaction.uid, transaction.status === "successful" ? "taken" : "released");
}

/**
 * Settles the hold of whichever attempt made transaction `uid`, once it has ended: what a session's read does when
 * it finds its 3-D Secure payment finished, so the product's counts are right without waiting for the sweep.
 */
export async function settleHoldOfTransaction(
  deps: Pick<GatewayDeps, "db" | "clock">,
  transaction: { uid: string; status: string },
): Promise<void> {
  if (transaction.status === "incomplete") return;
  const state = transaction.status === "successful" ? "taken" : "released";
  const now = deps.clock.sqlNow();
  await deps.db.execute(sql`
    with settled as (
      update product_stock_holds
         set state = ${state}, updated_at = ${now}
       where transaction_uid = ${transaction.uid} and state = 'held'
      returning product_id
    )
    update products p
       set sold = p.sold + ${state === "taken" ? 1 : 0},
           quantity = case when p.infinite then p.quantity else p.quantity + ${state === "released" ? 1 : 0} end
      from settled
     where p.id = settled.product_id ${state === "taken" ? sql`` : sql`and not p.infinite`}`);
}

async function settle(
  deps: Pick<GatewayDeps, "clock">,
  db: StockExecutor,
  holdId: string,
  uid: string | null,
  state: "taken" | "released",
): Promise<void> {
  const now = deps.clock.sqlNow();
  await db.execute(sql`
    with settled as (
      update product_stock_holds
         set state = ${state}, transaction_uid = coalesce(${uid}, transaction_uid), updated_at = ${now}
       where id = ${holdId} and state = 'held'
      returning product_id
    )
    update products p
       set sold = p.sold + ${state === "taken" ? 1 : 0},
           quantity = case when p.infinite then p.quantity else p.quantity + ${state === "released" ? 1 : 0} end
      from settled
     where p.id = settled.product_id ${state === "taken" ? sql`` : sql`and not p.infinite`}`);
}

/**
 * The sweep: settles holds whose payment ended after a 3-D Secure challenge, and gives back holds whose attempt
 * made no transaction within `ORPHAN_HOLD_SECONDS`. Rows another instance is settling are skipped. Resolves to how
 * many holds it settled.
 */
export async function settleEndedHolds(
  deps: Pick<GatewayDeps, "db" | "clock">,
  limit = 200,
): Promise<number> {
  const now = deps.clock.sqlNow();
  const result = await deps.db.execute<{ settled: number }>(sql`
    with ended as (
      select h.id,
             case when t.status = 'successful' then 'taken' else 'released' end as next_state
        from product_stock_holds h
        left join transactions t on t.uid = h.transaction_uid
       where h.state = 'held'
         and ((t.uid is not null and t.status <> 'incomplete')
              or (t.uid is null
                  and h.created_at < ${now} - make_interval(secs => ${ORPHAN_HOLD_SECONDS})))
       order by h.created_at
       limit ${limit}
         for update of h skip locked
    ), settled as (
      update product_stock_holds h
         set state = ended.next_state, updated_at = ${now}
        from ended
       where h.id = ended.id and h.state = 'held'
      returning h.product_id, h.state
    ), totals as (
      select product_id,
             count(*) filter (where state = 'taken')::int as taken,
             count(*) filter (where state = 'released')::int as released
        from settled group by product_id
    ), applied as (
      update products p
         set sold = p.sold + totals.taken,
             quantity = case when p.infinite then p.quantity else p.quantity + totals.released end
        from totals
       where p.id = totals.product_id
         and (totals.taken > 0 or not p.infinite)
    )
    select count(*)::int as settled from settled`);
  return Number(rowsOf(result as Rows<{ settled: number }>)[0]?.settled ?? 0);
}
