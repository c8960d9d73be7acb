import { z } from "zod";
import { amountCeilingErrors } from "./amount-limits";
import { type CreditCard, cardTokenSchema, createCreditCardSchema } from "./credit-card";
import { type CustomerCreateRequest, customerCreateSchema, parseCustomerCreateRequest } from "./customer";
import { addError, type ErrorTree, errorTreeFromZod, isEmptyErrorTree, mergeErrorTrees } from "./errors";
import {
  booleanValue,
  currencyCode,
  fieldErrors,
  httpUrl,
  isAbsent,
  isPlainObject,
  language,
  minorUnitAmount,
  objectValue,
  optional,
  optionalString,
  requiredString,
  withDefault,
} from "./fields";
import type { Language } from "./languages";
import {
  BLANK,
  greaterThanOrEqualTo,
  lessThanOrEqualTo,
  NOT_A_NUMBER,
  NOT_AN_INTEGER,
  NOT_AN_OBJECT,
  NOT_INCLUDED,
} from "./messages";
import type { ParseResult } from "./tokenization";

export const PLAN_ID_PATTERN = /^pln_[0-9a-f]{16}$/;
export const SUBSCRIPTION_ID_PATTERN = /^sbs_[0-9a-f]{16}$/;
export const INTERVAL_UNITS = ["hour", "day", "week", "month", "year"] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

/**
 * The longest a billing period (or a trial) may be, per unit: ten years. Every date a subscription computes stays
 * far inside what a JavaScript Date and PostgreSQL's timestamps hold, so the scheduler can always store it.
 */
export const MAX_INTERVAL: { readonly [Unit in IntervalUnit]: number } = {
  hour: 87_600,
  day: 3_650,
  week: 520,
  month: 120,
  year: 10,
};

/** The refusal of an interval longer than `MAX_INTERVAL` allows for its unit, or null. */
export function intervalTooLong(interval: unknown, unit: unknown): string | null {
  if (typeof interval !== "number" || typeof unit !== "string" || !(unit in MAX_INTERVAL)) return null;
  const max = MAX_INTERVAL[unit as IntervalUnit];
  return interval > max
    ? `${lessThanOrEqualTo(max)} when interval_unit is ${unit} (ten years at most)`
    : null;
}

/** Every state a subscription can be in; how it moves between them is lib/gateway/subscriptions/transitions.ts. */
export const SUBSCRIPTION_STATES = [
  "redirecting",
  "trial",
  "active",
  "failed_attempt",
  "rescuing",
  "paused",
  "failed",
  "error",
  "canceled",
  "expired",
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SUBSCRIPTION_EVENTS = [
  "subscription.created",
  "subscription.started",
  "subscription.renewed",
  "subscription.renewal_failed",
  "subscription.canceled",
  "subscription.failed",
  "subscription.card_updated",
  "subscription.trial_will_end",
  "subscription.plan_changed",
  "subscription.paused",
  "subscription.resumed",
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

/** Why a renewal attempt failed, as the subscriber is told (from the bank's answer). */
export const FAILURE_REASONS = ["insufficient_funds", "card_expired", "declined", "processor_error"] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const TITLE_MAX_LENGTH = 255;
export const CANCEL_REASON_MAX_LENGTH = 255;
export const MAX_PAYMENT_ATTEMPTS = 10;
export const ALREADY_CANCELED = "is already canceled";
export const PLAN_DOES_NOT_EXIST = "Plan does not exist.";
export const CUSTOMER_DOES_NOT_EXIST = "Customer does not exist.";
export const NO_RECURRING_CONTRACT = "Token has no recurring contract: a subscription's renewals need one.";
export const TEST_PLAN_ONLY = "a test subscription needs a test plan";
/** `POST /subscriptions` with card data on a 3-D Secure shop and no `return_url`. */
export const RETURN_URL_FOR_THREE_D_SECURE =
  "can't be blank: on a 3-D Secure shop the cardholder verifies the card (redirect_url), then comes back here";

function boundedInteger(min: number, max: number) {
  return z
    .number({ error: fieldErrors(NOT_A_NUMBER) })
    .int(NOT_AN_INTEGER)
    .min(min, greaterThanOrEqualTo(min))
    .max(max, lessThanOrEqualTo(max));
}

const intervalUnit = () =>
  z.enum(INTERVAL_UNITS, { error: fieldErrors(NOT_INCLUDED) }).describe("hour, day, week, month or year");

/** A positive whole number sent as a JSON number or a string of digits (as amounts are). */
const positiveInteger = (description: string) => minorUnitAmount().describe(description);

export const planTermsSchema = objectValue({
  amount: positiveInteger("Amount of each billing cycle in minor units"),
  interval: positiveInteger(
    "Length of a billing cycle, in interval_unit: ten years at most (hour 87,600, day 3,650, week 520, month 120, year 10)",
  ),
  interval_unit: intervalUnit(),
});

export const trialSchema = objectValue({
  amount: withDefault(boundedInteger(0, Number.MAX_SAFE_INTEGER), 0).describe(
    "Charged when the subscription starts, in minor units; 0 (the default) for a free trial",
  ),
  interval: positiveInteger("Length of the trial, in interval_unit: ten years at most, as a billing cycle"),
  interval_unit: intervalUnit(),
  as_first_payment: withDefault(booleanValue(), false).describe(
    "The trial's charge is paid billing cycle 1 (and the trial's amount must be above 0)",
  ),
});

/** `POST /plans`, and a full plan inside `POST /subscriptions`: a flat body. */
export const planCreateSchema = z
  .object({
    title: requiredString(TITLE_MAX_LENGTH),
    currency: currencyCode(),
    plan: planTermsSchema,
    trial: optional(trialSchema),
    infinite: optional(booleanValue()).describe(
      "Renew until canceled (default true unless billing_cycles is given)",
    ),
    billing_cycles: optional(boundedInteger(1, 100_000)).describe(
      "Paid billing cycles in all; then canceled",
    ),
    number_payment_attempts: withDefault(boundedInteger(1, MAX_PAYMENT_ATTEMPTS), 3).describe(
      "Charge attempts of one billing cycle before the subscription fails (default 3)",
    ),
    prevent_payments_at_night: withDefault(booleanValue(), false).describe(
      "Charge only between 08:00 and 20:00 in the shop's time zone",
    ),
    language: optional(language()),
    test: withDefault(booleanValue(), false).describe("A test plan (test subscriptions only)"),
  })
  .superRefine((plan, ctx) => {
    if (plan.infinite === false && isAbsent(plan.billing_cycles)) {
      ctx.addIssue({ code: "custom", message: BLANK, path: ["billing_cycles"], input: undefined });
    }
    if (plan.infinite === true && !isAbsent(plan.billing_cycles)) {
      ctx.addIssue({
        code: "custom",
        message: "must be blank when infinite is true",
        path: ["billing_cycles"],
        input: plan.billing_cycles,
      });
    }
    // Every renewal moves the cycle's amount, a paid trial its own: both are held to the ceiling on any one amount.
    const terms = plan.plan as { amount?: unknown } | undefined;
    for (const [path, amount] of [
      [["plan", "amount"], terms?.amount],
      [["trial", "amount"], (plan.trial as { amount?: unknown } | undefined)?.amount],
    ] as const) {
      if (typeof amount !== "number" || typeof plan.currency !== "string") continue;
      const refused = amountCeilingErrors(amount, plan.currency).amount;
      if (Array.isArray(refused)) {
        for (const message of refused)
          ctx.addIssue({ code: "custom", message, path: [...path], input: amount });
      }
    }
    // A period (or a trial) of ten years at most: beyond, its dates would leave what can be stored.
    for (const [key, terms] of [
      ["plan", plan.plan],
      ["trial", plan.trial],
    ] as const) {
      const { interval, interval_unit } = (terms ?? {}) as { interval?: unknown; interval_unit?: unknown };
      const refused = intervalTooLong(interval, interval_unit);
      if (refused)
        ctx.addIssue({ code: "custom", message: refused, path: [key, "interval"], input: interval });
    }
    const trial = plan.trial as { amount?: unknown; as_first_payment?: unknown } | undefined;
    if (isPlainObject(trial) && trial.as_first_payment === true && trial.amount === 0) {
      ctx.addIssue({
        code: "custom",
        message: "must be greater than 0 when as_first_payment is true",
        path: ["trial", "amount"],
        input: 0,
      });
    }
  })
  .meta({ description: "Body of POST /plans (flat, no wrapper)" });

export type PlanCreateRequest = z.output<typeof planCreateSchema>;

function parseWith<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  const result = schema.safeParse(isPlainObject(body) ? body : {});
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: errorTreeFromZod(result.error) as ErrorTree };
}

export function parsePlanCreateRequest(body: unknown): ParseResult<PlanCreateRequest> {
  return parseWith(planCreateSchema, body);
}

const subscriptionFieldsSchema = z.object({
  tracking_id: optionalString(255),
  return_url: optional(httpUrl()).describe(
    "Where the shopper comes back after the hosted page, with ?id=sbs_…",
  ),
  notification_url: optional(httpUrl()).describe("Receives the subscription's events"),
  additional_data: optional(z.record(z.string(), z.unknown(), { error: fieldErrors(NOT_AN_OBJECT) })),
  language: optional(language()),
  test: withDefault(booleanValue(), false),
});

/** The parts of `POST /subscriptions`, each validated as its own endpoint would. */
export interface SubscriptionCreateRequest {
  plan: { id: string } | { new: PlanCreateRequest };
  customer: { id: string } | { new: CustomerCreateRequest };
  /** Null: the shopper gives the card on the hosted page (`redirecting`). */
  card: CreditCard | null;
  tracking_id?: string;
  return_url?: string;
  notification_url?: string;
  additional_data?: Record<string, unknown>;
  language?: Language;
  test: boolean;
}

function nestUnder(key: string, tree: ErrorTree): ErrorTree {
  return isEmptyErrorTree(tree) ? {} : { [key]: tree };
}

/** A reference `{id}`: an object with `id` and nothing but (perhaps) `id`. */
function referencedId(value: unknown): unknown {
  return isPlainObject(value) && "id" in value ? value.id : undefined;
}

/**
 * Validates `POST /subscriptions` whole, reporting every error at once: `plan` ({id} or a full plan, as POST
 * /plans), `customer` ({id} or full details, as POST /customers), `card` (a token, full card data, or none).
 */
export function parseSubscriptionCreateRequest(
  body: unknown,
  options: { now: Date },
): ParseResult<SubscriptionCreateRequest> {
  const input = isPlainObject(body) ? body : {};
  let errors: ErrorTree = {};
  const fields = subscriptionFieldsSchema.safeParse(input);
  if (!fields.success) errors = mergeErrorTrees(errors, errorTreeFromZod(fields.error) as ErrorTree);

  let plan: SubscriptionCreateRequest["plan"] | null = null;
  const planId = referencedId(input.plan);
  if (isAbsent(input.plan)) errors = mergeErrorTrees(errors, { plan: [BLANK] });
  else if (!isPlainObject(input.plan)) errors = mergeErrorTrees(errors, { plan: [NOT_AN_OBJECT] });
  else if (planId !== undefined) {
    if (typeof planId === "string" && planId.trim() !== "") plan = { id: planId };
    else errors = mergeErrorTrees(errors, { plan: { id: [BLANK] } });
  } else {
    const parsed = parsePlanCreateRequest(input.plan);
    if (parsed.ok) plan = { new: parsed.value };
    else errors = mergeErrorTrees(errors, nestUnder("plan", parsed.errors));
  }

  let customer: SubscriptionCreateRequest["customer"] | null = null;
  const customerId = referencedId(input.customer);
  if (isAbsent(input.customer)) errors = mergeErrorTrees(errors, { customer: [BLANK] });
  else if (!isPlainObject(input.customer)) errors = mergeErrorTrees(errors, { customer: [NOT_AN_OBJECT] });
  else if (customerId !== undefined) {
    if (typeof customerId === "string" && customerId.trim() !== "") customer = { id: customerId };
    else errors = mergeErrorTrees(errors, { customer: { id: [BLANK] } });
  } else {
    const parsed = parseCustomerCreateRequest(input.customer);
    if (parsed.ok) customer = { new: parsed.value };
    else errors = mergeErrorTrees(errors, nestUnder("customer", parsed.errors));
  }

  let card: CreditCard | null = null;
  if (!isAbsent(input.card)) {
    if (!isPlainObject(input.card)) errors = mergeErrorTrees(errors, { card: [NOT_AN_OBJECT] });
    else {
      const parsed = createCreditCardSchema(() => options.now).safeParse(input.card);
      if (parsed.success) card = parsed.data;
      else {
        const tree = errorTreeFromZod(parsed.error) as ErrorTree;
        // A token Tessera could not have issued names no card: answered as an unknown one.
        if (Array.isArray(tree.token)) tree.token = ["Token does not exist."];
        errors = mergeErrorTrees(errors, nestUnder("card", tree));
      }
    }
  }
  if (!isEmptyErrorTree(errors) || !plan || !customer || !fields.success) return { ok: false, errors };
  return { ok: true, value: { ...fields.data, plan, customer, card } };
}

export const cancelRequestSchema = z
  .object({ cancel_reason: requiredString(CANCEL_REASON_MAX_LENGTH).describe("Why it is canceled") })
  .meta({ description: "Body of POST /subscriptions/{id}/cancel" });
export type CancelRequest = z.output<typeof cancelRequestSchema>;

export const testClockRequestSchema = z
  .object({
    advance_to: z.iso
      .datetime({ offset: true, error: fieldErrors("must be an ISO 8601 time", "must be an ISO 8601 time") })
      .describe("ISO 8601 time the subscription's clock moves to"),
  })
  .meta({ description: "Body of POST /subscriptions/{id}/test_clock" });
export type TestClockRequest = z.output<typeof testClockRequestSchema>;

export const PRORATIONS = ["next_cycle", "now"] as const;
export type Proration = (typeof PRORATIONS)[number];
export const OTHER_CURRENCY = "must have the subscription's currency";
export const ALREADY_PAUSED = "is already paused";
export const NOT_PAUSED = "is not paused";
export const RESUME_AT_PAST = "must be in the future";

export const changePlanRequestSchema = z
  .object({
    plan: objectValue({ id: requiredString(64).describe("The new plan's id (`pln_…`), same currency") }),
    proration: withDefault(z.enum(PRORATIONS, { error: fieldErrors(NOT_INCLUDED) }), "next_cycle").describe(
      "next_cycle (default): the new plan from the next renewal on; now: the new plan at once, an upgrade's " +
        "prorated difference charged at once (a downgrade credits nothing back)",
    ),
  })
  .meta({ description: "Body of POST /subscriptions/{id}/change_plan" });
export type ChangePlanRequest = z.output<typeof changePlanRequestSchema>;

export const pauseRequestSchema = z
  .object({
    resume_at: optional(
      z.iso
        .datetime({
          offset: true,
          error: fieldErrors("must be an ISO 8601 time", "must be an ISO 8601 time"),
        })
        .describe("When it resumes by itself (ISO 8601, in the future); absent: until resumed"),
    ),
  })
  .meta({ description: "Body of POST /subscriptions/{id}/pause (may be empty)" });
export type PauseRequest = z.output<typeof pauseRequestSchema>;

export function parseChangePlanRequest(body: unknown): ParseResult<ChangePlanRequest> {
  return parseWith(changePlanRequestSchema, body);
}

export function parsePauseRequest(body: unknown): ParseResult<PauseRequest> {
  return parseWith(pauseRequestSchema, body);
}

export function parseCancelRequest(body: unknown): ParseResult<CancelRequest> {
  return parseWith(cancelRequestSchema, body);
}

export function parseTestClockRequest(body: unknown): ParseResult<TestClockRequest> {
  return parseWith(testClockRequestSchema, body);
}

const instant = (description: string) => z.iso.datetime({ offset: true }).describe(description);

export const planSchema = z
  .object({
    id: z.string().regex(PLAN_ID_PATTERN).describe("`pln_` followed by 16 hex characters"),
    title: z.string(),
    name: z.string().describe("The title, as bePaid names it"),
    description: z.string().describe('The terms in words, e.g. "€9.99 every month, 14 days\' trial"'),
    currency: z.string(),
    amount: z.number().int().describe("Amount of each billing cycle in minor units"),
    plan: z.object({
      amount: z.number().int(),
      interval: z.number().int(),
      interval_unit: z.enum(INTERVAL_UNITS),
    }),
    trial: z
      .object({
        amount: z.number().int(),
        interval: z.number().int(),
        interval_unit: z.enum(INTERVAL_UNITS),
        as_first_payment: z.boolean(),
      })
      .nullable(),
    infinite: z.boolean(),
    billing_cycles: z.number().int().nullable(),
    number_payment_attempts: z.number().int(),
    prevent_payments_at_night: z.boolean(),
    language: z.string().nullable(),
    test: z.boolean(),
    pay_url: z.string().describe("{PUBLIC_URL}/plans/{id}/pay: the hosted page that subscribes to this plan"),
    payment_url: z.string().describe("The same as pay_url"),
    created_at: instant("ISO 8601 with milliseconds, UTC"),
    updated_at: instant("ISO 8601 with milliseconds, UTC"),
  })
  .meta({ description: "A subscription plan" });
export type Plan = z.output<typeof planSchema>;
export const planListSchema = z.array(planSchema).meta({ description: "Plans, newest first" });

export const subscriptionSchema = z
  .object({
    id: z.string().regex(SUBSCRIPTION_ID_PATTERN).describe("`sbs_` followed by 16 hex characters"),
    state: z.enum(SUBSCRIPTION_STATES),
    plan: planSchema,
    customer: z
      .object({ id: z.string() })
      .nullable()
      .describe("null while a subscription opened from the plan's pay_url awaits its first payment"),
    card: z
      .object({
        token: z.string(),
        stamp: z.string(),
        brand: z.string(),
        first_1: z.string(),
        last_4: z.string(),
        holder: z.string().nullable(),
        exp_month: z.number().int(),
        exp_year: z.number().int(),
      })
      .nullable()
      .describe("The card renewals charge, masked; null while redirecting"),
    created_at: instant("When it was created"),
    updated_at: instant("When it last changed"),
    renew_at: instant("When the next charge or retry is due").nullable(),
    active_to: instant("Paid up to").nullable(),
    billing_anchor: instant(
      "When the first plan period started (the first charge, or the trial's end): every period ends a whole number of intervals after it, month ends clamped per month",
    ).nullable(),
    paid_billing_cycles: z.number().int(),
    number_failed_payment_attempts: z.number().int().describe("Failed attempts of the current billing cycle"),
    last_transaction: z
      .object({ uid: z.string(), status: z.string(), message: z.string().nullable(), created_at: z.string() })
      .nullable(),
    tracking_id: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    cancelled_at: instant("When it was canceled").nullable(),
    return_url: z.string().nullable(),
    notification_url: z.string().nullable(),
    additional_data: z.record(z.string(), z.unknown()).nullable(),
    language: z.string().nullable(),
    test: z.boolean(),
    redirect_url: z.string().optional().describe("The hosted page, while redirecting"),
    card_update_url: z.string().nullable().describe("The hosted page where the shopper replaces the card"),
    cancel_url: z
      .string()
      .nullable()
      .describe(
        "The page where the subscriber cancels at the period's end (a capability link, as card_update_url)",
      ),
    pending_plan: z
      .object({ id: z.string() })
      .nullable()
      .describe("A plan change waiting for the next renewal (proration next_cycle)"),
    paused_at: instant("When it was paused").nullable(),
    resume_at: instant("When a pause ends by itself").nullable(),
    last_failure_reason: z
      .enum(FAILURE_REASONS)
      .nullable()
      .describe(
        "Why the last failed attempt failed: insufficient_funds, card_expired, declined, processor_error",
      ),
  })
  .meta({ description: "A subscription" });
export type Subscription = z.output<typeof subscriptionSchema>;
export const subscriptionListSchema = z
  .array(subscriptionSchema)
  .meta({ description: "Subscriptions, newest first" });

/**
 * What the subscriber's own cancel page (`cancel_url`) is shown, without credentials: the plan's terms, the shop's
 * name, whether anything was ever charged and until when it is paid. No card, customer or merchant data.
 */
export const subscriptionCancelViewSchema = z
  .object({
    state: z.enum(SUBSCRIPTION_STATES),
    cancelable: z.boolean().describe("The page may cancel it (not canceled or ended yet)"),
    shop_name: z.string(),
    brand_color: z.string().nullable(),
    plan: z.object({
      title: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      interval: z.number().int(),
      interval_unit: z.enum(INTERVAL_UNITS),
    }),
    charged: z.boolean().describe("Any billing cycle was ever paid"),
    active_to: instant("Paid up to (or the trial's end)").nullable(),
    language: z.string().nullable(),
    test: z.boolean(),
  })
  .meta({ description: "A subscription as its subscriber's cancel page shows it" });
export type SubscriptionCancelView = z.output<typeof subscriptionCancelViewSchema>;

/** A subscription's life in order: its events and the e-mails sent to its subscriber (the admin's timeline). */
export const subscriptionTimelineSchema = z
  .object({
    timeline: z.array(
      z.object({
        at: instant("When it was recorded"),
        type: z.enum(["event", "email"]),
        name: z
          .string()
          .describe("The event (`subscription.renewed`) or the e-mail's kind (`renewal_failed`)"),
        state: z.string().nullable().describe("An event: the state it left the subscription in"),
        email_id: z.string().nullable().describe("An e-mail: its id (GET /emails/{id})"),
        status: z.string().nullable().describe("An e-mail: pending, sent, kept or failed"),
      }),
    ),
  })
  .meta({ description: "A subscription's events and e-mails, oldest first (the latest 200 of each)" });
export type SubscriptionTimeline = z.output<typeof subscriptionTimelineSchema>;

/**
 * What each of a subscription's charges was for (GET /subscriptions/{id}/charges): the billing cycle a charge paid
 * or tried to pay, or a plan change's prorated charge. The transactions themselves are GET
 * /transactions?subscription_id=.
 */
export const subscriptionChargesSchema = z
  .object({
    charges: z.array(
      z.object({
        uid: z.string().describe("The transaction's uid"),
        kind: z
          .enum(["billing_cycle", "plan_change"])
          .describe(
            "`billing_cycle`: a cycle's charge or retry; `plan_change`: a plan change's prorated charge",
          ),
        billing_cycle: z
          .number()
          .int()
          .nullable()
          .describe("The cycle it is for (0: a trial's own charge); null for a plan change"),
        created_at: instant("When the transaction was made"),
      }),
    ),
  })
  .meta({ description: "A subscription's charges and what each was for, newest first" });
export type SubscriptionCharges = z.output<typeof subscriptionChargesSchema>;

/** A subscription's webhook: the subscription at top level and the event that happened to it. */
export const subscriptionNotificationSchema = subscriptionSchema
  .extend({ event: z.enum(SUBSCRIPTION_EVENTS) })
  .meta({ description: "Body of a subscription's webhook" });

export { addError, cardTokenSchema, customerCreateSchema };
