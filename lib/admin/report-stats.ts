import type { CurrencyVolume, DailyReportDay, DisputeVolume } from "@/lib/contracts/merchant";

/**
 * The axis maximum: four gridline steps of a round size (1, 2 or 5 × 10^n), so every gridline falls on a whole,
 * readable number, and the largest day fits.
 */
export function niceMaximum(value: number): number {
  const step = Math.max(1, value / 4);
  const magnitude = 10 ** Math.floor(Math.log10(step));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * magnitude >= step) return 4 * factor * magnitude;
  }
  return 40 * magnitude;
}

/** Totals of a report range; the rate is null when nothing was tokenized. */
export function summarize(days: DailyReportDay[]): {
  total: number;
  successful: number;
  rate: number | null;
} {
  const total = days.reduce((sum, day) => sum + day.tokenizations, 0);
  const successful = days.reduce((sum, day) => sum + day.successful, 0);
  return { total, successful, rate: total === 0 ? null : successful / total };
}

/** A currency's money over a range: decimal strings of minor units, summed exactly (bigint), never rounded. */
export type MoneyVolume = CurrencyVolume;

function addMinorUnits(a: string, b: string): string {
  return (BigInt(a) + BigInt(b)).toString();
}

/**
 * The money of a report range: payments and authorizations with their approval rate (declines and processor
 * errors count against it; those still in 3-D Secure count neither way), refunds, and the volume per currency
 * (charged, refunded, paid out, net = charged − refunded − paid out), currencies in code order. Amounts of
 * different currencies are never added together; sums are exact past 2^53.
 */
export function summarizeMoney(days: DailyReportDay[]): {
  payments: number;
  approved: number;
  declined: number;
  approvalRate: number | null;
  refunds: number;
  volume: MoneyVolume[];
} {
  let payments = 0;
  let approved = 0;
  let declined = 0;
  let refunds = 0;
  const byCurrency = new Map<string, MoneyVolume>();
  for (const day of days) {
    payments += day.payments;
    approved += day.approved;
    declined += day.declined;
    refunds += day.refunds;
    for (const entry of day.volume) {
      const total = byCurrency.get(entry.currency) ?? {
        currency: entry.currency,
        charged: "0",
        refunded: "0",
        paid_out: "0",
        net: "0",
      };
      total.charged = addMinorUnits(total.charged, entry.charged);
      total.refunded = addMinorUnits(total.refunded, entry.refunded);
      total.paid_out = addMinorUnits(total.paid_out, entry.paid_out);
      total.net = (BigInt(total.charged) - BigInt(total.refunded) - BigInt(total.paid_out)).toString();
      byCurrency.set(entry.currency, total);
    }
  }
  const decided = approved + declined;
  return {
    payments,
    approved,
    declined,
    approvalRate: decided === 0 ? null : approved / decided,
    refunds,
    volume: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

/**
 * The disputes of a report range per currency, in code order: how many were opened, won and lost, what chargebacks
 * took back, their fees, and what was given back when won. Exact sums (bigint); currencies never added together.
 */
export function summarizeDisputes(days: DailyReportDay[]): DisputeVolume[] {
  const byCurrency = new Map<string, DisputeVolume>();
  for (const day of days) {
    for (const entry of day.disputes ?? []) {
      const total = byCurrency.get(entry.currency) ?? {
        currency: entry.currency,
        opened: 0,
        won: 0,
        lost: 0,
        disputed: "0",
        fees: "0",
        reinstated: "0",
      };
      total.opened += entry.opened;
      total.won += entry.won;
      total.lost += entry.lost;
      total.disputed = addMinorUnits(total.disputed, entry.disputed);
      total.fees = addMinorUnits(total.fees, entry.fees);
      total.reinstated = addMinorUnits(total.reinstated, entry.reinstated);
      byCurrency.set(entry.currency, total);
    }
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
