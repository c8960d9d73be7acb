import { sql } from "drizzle-orm";
import { majorToMinorUnits } from "@/lib/contracts/amount-limits";
import type { CurrencyCode } from "@/lib/contracts/currencies";
import { isoDateAt } from "@/lib/contracts/formats";
import { queryRows } from "@/lib/db/client";
import { payoutDays } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";

export function payoutLimitExceeded(limit: number): string {
  return `can't be greater than ${limit} (the shop's limit per payout)`;
}

export function notAPayoutCurrency(allowed: readonly string[]): string {
  return `is not a currency this shop pays out in (${allowed.join(", ")})`;
}

export function dailyPayoutLimitExceeded(limit: number, currency: string): string {
  return `would take today's payouts in ${currency} over the shop's daily limit of ${limit}`;
}

/**
 * The operator's rules for a shop's payouts, before anything else is looked at: the shop must be cleared for them,
 * pay out in one of the currencies the operator listed for it (the caps count major units, which are money only
 * among currencies of like worth: 5,000 EUR is not 5,000 KWD), and one payout is at most `payout_limit` major units
 * of its currency. `422`, as the other limits answer.
 */
export function checkPayoutRules(shop: AuthenticatedShop, amount: number, currency: CurrencyCode): void {
  if (!shop.settings.payouts_allowed) throw new GatewayError("payouts_disabled");
  const allowed: readonly string[] = shop.settings.payout_currencies;
  if (!allowed.includes(currency)) throw GatewayError.validation({ currency: [notAPayoutCurrency(allowed)] });
  const limit = majorToMinorUnits(shop.settings.payout_limit, currency);
  if (amount > limit) throw GatewayError.validation({ amount: [payoutLimitExceeded(limit)] });
}

export interface PayoutReservation {
  shopId: number;
  currency: CurrencyCode;
  /** The UTC day the payout counts on, YYYY-MM-DD. */
  day: string;
  test: boolean;
  amount: number;
}

/**
 * Counts a payout against the shop's daily limit in its currency, or refuses it (`422` under `amount`). One
 * statement: the upsert takes the day's row lock and raises its total only while it stays within the limit, so
 * payouts at once on any number of instances are counted one after another and never pass the limit together.
 */
export async function reservePayout(
  deps: Pick<GatewayDeps, "db" | "clock">,
  shop: AuthenticatedShop,
  payout: Omit<PayoutReservation, "day" | "shopId">,
): Promise<PayoutReservation> {
  const reservation = { ...payout, shopId: shop.id, day: isoDateAt(deps.clock.now()) };
  const limit = majorToMinorUnits(shop.settings.payout_daily_limit, payout.currency);
  const rows = await queryRows<{ total: string }>(
    deps.db,
    sql`insert into ${payoutDays} (shop_id, currency, day, test, total)
        select ${reservation.shopId}, ${reservation.currency}, ${reservation.day}, ${reservation.test},
               ${reservation.amount}::bigint
        where ${reservation.amount}::bigint <= ${limit}::bigint
        on conflict (shop_id, currency, day, test)
        do update set total = ${payoutDays.total} + excluded.total
        where ${payoutDays.total} + excluded.total <= ${limit}::bigint
        returning total::text`,
  );
  if (rows.length === 0) {
    throw GatewayError.validation({ amount: [dailyPayoutLimitExceeded(limit, payout.currency)] });
  }
  return reservation;
}

/** Gives a payout that was refused, declined or never written back to the day's limit. */
export async function releasePayout(
  deps: Pick<GatewayDeps, "db">,
  reservation: PayoutReservation,
): Promise<void> {
  await deps.db.execute(
    sql`update ${payoutDays} set total = greatest(${payoutDays.total} - ${reservation.amount}::bigint, 0)
        where shop_id = ${reservation.shopId} and currency = ${reservation.currency}
          and day = ${reservation.day} and test = ${reservation.test}`,
  );
}
