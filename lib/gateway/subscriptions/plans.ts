import { and, count, desc, eq } from "drizzle-orm";
import { currencyMinorUnits } from "@/lib/contracts/currencies";
import type { Pagination } from "@/lib/contracts/pagination";
import {
  type IntervalUnit,
  intervalTooLong,
  PLAN_ID_PATTERN,
  type Plan,
  type PlanCreateRequest,
  parsePlanCreateRequest,
} from "@/lib/contracts/subscription";
import { type PlanRow, plans } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { generatePlanId } from "./ids";

export interface PlanTrial {
  amount: number;
  interval: number;
  interval_unit: IntervalUnit;
  as_first_payment: boolean;
}

/** "€9.99" in English, with the currency's own minor units. */
export function formatMoney(amount: number, currency: string): string {
  const digits = currencyMinorUnits(currency);
  return new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

function period(count: number, unit: IntervalUnit): string {
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

/** A plan's terms in words: "€9.99 every month, 14 days' trial", "$5.00 every 2 weeks, 12 payments in all". */
export function describePlan(plan: {
  amount: number;
  currency: string;
  interval: number;
  intervalUnit: IntervalUnit;
  trial: PlanTrial | null;
  billingCycles: number | null;
}): string {
  const parts = [`${formatMoney(plan.amount, plan.currency)} ${period(plan.interval, plan.intervalUnit)}`];
  if (plan.trial) {
    const length =
      plan.trial.interval === 1
        ? `1 ${plan.trial.interval_unit}'s trial`
        : `${plan.trial.interval} ${plan.trial.interval_unit}s' trial`;
    parts.push(
      plan.trial.amount > 0 ? `${length} for ${formatMoney(plan.trial.amount, plan.currency)}` : length,
    );
  }
  if (plan.billingCycles !== null) {
    parts.push(plan.billingCycles === 1 ? "1 payment in all" : `${plan.billingCycles} payments in all`);
  }
  return parts.join(", ");
}

/** The first charge's amount and cycle: the trial's own (cycle 0, or 1 when it is the first payment), or cycle 1. */
export function firstCharge(
  plan: Pick<PlanRow, "trial" | "amount">,
): { amount: number; cycleNumber: number } | null {
  const trial = plan.trial as PlanTrial | null;
  if (!trial) return { amount: plan.amount, cycleNumber: 1 };
  if (trial.amount === 0) return null;
  return { amount: trial.amount, cycleNumber: trial.as_first_payment ? 1 : 0 };
}

export const PLAN_OUT_OF_BOUNDS =
  "Plan's interval or trial is longer than ten years: it can no longer be subscribed to.";

/**
 * A plan written before intervals were bounded (`MAX_INTERVAL`) with a longer period or trial: its dates could not
 * be stored, so nothing new subscribes to it.
 */
export function planOutOfBounds(plan: Pick<PlanRow, "interval" | "intervalUnit" | "trial">): boolean {
  const trial = plan.trial as PlanTrial | null;
  return (
    intervalTooLong(plan.interval, plan.intervalUnit) !== null ||
    (trial !== null && intervalTooLong(trial.interval, trial.interval_unit) !== null)
  );
}

export function payUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/$/, "")}/plans/${id}/pay`;
}

/** A stored plan as every plan endpoint (and every subscription) shows it. */
export function planFromRow(row: PlanRow, publicUrl: string): Plan {
  const trial = (row.trial as PlanTrial | null) ?? null;
  const url = payUrl(publicUrl, row.id);
  return {
    id: row.id,
    title: row.title,
    name: row.title,
    description: describePlan({ ...row, trial }),
    currency: row.currency,
    amount: row.amount,
    plan: { amount: row.amount, interval: row.interval, interval_unit: row.intervalUnit },
    trial,
    infinite: row.infinite,
    billing_cycles: row.billingCycles,
    number_payment_attempts: row.numberPaymentAttempts,
    prevent_payments_at_night: row.preventPaymentsAtNight,
    language: row.language,
    test: row.test,
    pay_url: url,
    payment_url: url,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Stores a validated plan, on `db` or inside the caller's database transaction. */
export async function insertPlan(
  deps: Pick<GatewayDeps, "clock">,
  db: Pick<GatewayDeps["db"], "insert">,
  shop: AuthenticatedShop,
  request: PlanCreateRequest,
): Promise<PlanRow> {
  const now = deps.clock.now();
  const [row] = await db
    .insert(plans)
    .values({
      id: generatePlanId(),
      shopId: shop.id,
      // A test-mode shop's plans are test plans whatever the request says.
      test: shop.test || request.test,
      title: request.title,
      currency: request.currency,
      amount: request.plan.amount,
      interval: request.plan.interval,
      intervalUnit: request.plan.interval_unit,
      trial: request.trial ?? null,
      infinite: request.billing_cycles === undefined,
      billingCycles: request.billing_cycles ?? null,
      numberPaymentAttempts: request.number_payment_attempts,
      preventPaymentsAtNight: request.prevent_payments_at_night,
      language: request.language ?? null,
      ...(deps.clock.isFixed ? { createdAt: now, updatedAt: now } : {}),
    })
    .returning();
  return row;
}

/** POST /plans's flat body as the typed request `createPlan` takes, or its 422. */
export function validatePlan(body: unknown): PlanCreateRequest {
  const parsed = parsePlanCreateRequest(body);
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  return parsed.value;
}

/** POST /plans. */
export async function createPlan(options: {
  deps: Pick<GatewayDeps, "config" | "db" | "clock">;
  shop: AuthenticatedShop;
  request: PlanCreateRequest;
}): Promise<Plan> {
  const row = await insertPlan(options.deps, options.deps.db, options.shop, options.request);
  return planFromRow(row, options.deps.config.publicUrl);
}

/** One of the shop's plan rows, or null (another shop's id is indistinguishable from an unknown one). */
export async function findPlanRow(
  db: Pick<GatewayDeps["db"], "select">,
  shopId: number,
  id: string,
): Promise<PlanRow | null> {
  if (!PLAN_ID_PATTERN.test(id)) return null;
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.shopId, shopId)));
  return row ?? null;
}

/** GET /plans/{id}. */
export async function getPlan(options: {
  deps: Pick<GatewayDeps, "config" | "db">;
  shopId: number;
  id: string;
}): Promise<Plan> {
  const row = await findPlanRow(options.deps.db, options.shopId, options.id);
  if (!row) throw new GatewayError("record_not_found");
  return planFromRow(row, options.deps.config.publicUrl);
}

/** GET /plans: one page of the shop's plans, newest first, and how many there are. */
export async function listPlans(options: {
  deps: Pick<GatewayDeps, "config" | "db">;
  shopId: number;
  pagination: Pagination;
}): Promise<{ plans: Plan[]; total: number }> {
  const { deps, shopId, pagination } = options;
  const where = eq(plans.shopId, shopId);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(plans)
      .where(where)
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .limit(pagination.perPage)
      .offset(pagination.offset),
    deps.db.select({ total: count() }).from(plans).where(where),
  ]);
  return { plans: rows.map((row) => planFromRow(row, deps.config.publicUrl)), total };
}
