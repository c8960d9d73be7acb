import { z } from "zod";
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from "@/lib/contracts/pagination";
import {
  cancelRequestSchema,
  changePlanRequestSchema,
  pauseRequestSchema,
  planCreateSchema,
  planListSchema,
  planSchema,
  SUBSCRIPTION_STATES,
  subscriptionCancelViewSchema,
  subscriptionChargesSchema,
  subscriptionListSchema,
  subscriptionNotificationSchema,
  subscriptionSchema,
  subscriptionTimelineSchema,
  testClockRequestSchema,
} from "@/lib/contracts/subscription";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const error = (description: string) => ({ description, content: json("Error") });
/** `{"message"}` alone: a 404 names no field. */
const notFoundError = (description: string) => ({ description, content: json("Message") });
const unauthorized = error("Missing or wrong shop credentials");
const notFound = notFoundError("Record not found: unknown id, or another shop's");
const pagination = [
  { name: "page", in: "query", schema: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 } },
  {
    name: "per_page",
    in: "query",
    schema: { type: "integer", minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
  },
];
const paginationHeaders = {
  "X-Total-Count": { description: "How many records match, on every page", schema: { type: "integer" } },
  Link: { description: "RFC 8288 links to the first, prev, next and last pages", schema: { type: "string" } },
};
const idParameter = (pattern: string) => ({
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern },
});
const planId = idParameter("^pln_[0-9a-f]{16}$");
const subscriptionId = idParameter("^sbs_[0-9a-f]{16}$");
const cancelToken = {
  name: "token",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
  description: "The token of the subscription's cancel_url",
};

const subscriptionCreateRequest = {
  type: "object",
  description:
    "Body of POST /subscriptions (flat). `plan`: `{id}` or a full plan as POST /plans takes; `customer`: `{id}` or " +
    "full details as POST /customers takes; `card`: full card data, `{token}` of a recurring token, or absent " +
    "(the shopper gives it on the hosted page: state `redirecting`).",
  required: ["plan", "customer"],
  properties: {
    plan: {
      anyOf: [
        { type: "object", required: ["id"], properties: { id: { type: "string" } } },
        { $ref: "#/components/schemas/PlanCreateRequest" },
      ],
    },
    customer: {
      anyOf: [
        { type: "object", required: ["id"], properties: { id: { type: "string" } } },
        { $ref: "#/components/schemas/CustomerCreateRequest" },
      ],
    },
    card: {
      type: "object",
      description: "number, exp_month, exp_year, holder, verification_value; or token",
    },
    tracking_id: { type: "string", maxLength: 255 },
    return_url: { type: "string", format: "uri" },
    notification_url: { type: "string", format: "uri" },
    additional_data: { type: "object" },
    language: { type: "string" },
    test: { type: "boolean", default: false },
  },
};

/** Plans and subscriptions, merged into the document by `buildOpenApiDocument`. */
export function subscriptionOpenApi() {
  return {
    schemas: {
      PlanCreateRequest: z.toJSONSchema(planCreateSchema, { io: "input", unrepresentable: "any" }),
      Plan: z.toJSONSchema(planSchema, { io: "output" }),
      PlanList: z.toJSONSchema(planListSchema, { io: "output" }),
      SubscriptionCreateRequest: subscriptionCreateRequest,
      Subscription: z.toJSONSchema(subscriptionSchema, { io: "output" }),
      SubscriptionList: z.toJSONSchema(subscriptionListSchema, { io: "output" }),
      SubscriptionCancelRequest: z.toJSONSchema(cancelRequestSchema, { io: "input", unrepresentable: "any" }),
      SubscriptionChangePlanRequest: z.toJSONSchema(changePlanRequestSchema, {
        io: "input",
        unrepresentable: "any",
      }),
      SubscriptionPauseRequest: z.toJSONSchema(pauseRequestSchema, { io: "input", unrepresentable: "any" }),
      SubscriptionCancelView: z.toJSONSchema(subscriptionCancelViewSchema, { io: "output" }),
      SubscriptionCancelResponse: {
        type: "object",
        properties: { subscription: { $ref: "#/components/schemas/SubscriptionCancelView" } },
      },
      SubscriptionTimeline: z.toJSONSchema(subscriptionTimelineSchema, { io: "output" }),
      SubscriptionCharges: z.toJSONSchema(subscriptionChargesSchema, { io: "output" }),
      SubscriptionTestClockRequest: z.toJSONSchema(testClockRequestSchema, {
        io: "input",
        unrepresentable: "any",
      }),
      SubscriptionNotification: z.toJSONSchema(subscriptionNotificationSchema, { io: "output" }),
    },
    paths: {
      "/plans": {
        post: {
          summary: "Create a subscription plan",
          description:
            "Flat body. The answer adds `id`, `name`, `description` (the terms in words), `pay_url`.",
          requestBody: { required: true, content: json("PlanCreateRequest") },
          responses: {
            "201": { description: "The plan", content: json("Plan") },
            "401": unauthorized,
            "422": error(
              "Validation failed (a cycle's or trial's amount over its currency's ceiling on any one amount: " +
                "`can't be greater than N` under `plan.amount` or `trial.amount`)",
            ),
          },
        },
        get: {
          summary: "List plans, newest first",
          parameters: pagination,
          responses: {
            "200": { description: "Plans", headers: paginationHeaders, content: json("PlanList") },
            "401": unauthorized,
          },
        },
      },
      "/plans/{id}": {
        get: {
          summary: "Get a plan",
          parameters: [planId],
          responses: {
            "200": { description: "The plan", content: json("Plan") },
            "401": unauthorized,
            "404": notFound,
          },
        },
      },
      "/plans/{id}/pay": {
        get: {
          summary: "The plan's pay_url: opens a redirecting subscription's hosted page for a shopper",
          description:
            "For shoppers' browsers: no credentials. Each visit makes a `redirecting` subscription with no customer " +
            "and its hosted page, which asks the shopper's e-mail and name; the customer is made from them when the " +
            "first payment (or a free trial's card storing) succeeds. A page left unpaid expires with its subscription.",
          security: [],
          parameters: [
            planId,
            {
              name: "lang",
              in: "query",
              description:
                "Language of the page; otherwise the plan's language, then the browser's Accept-Language",
              schema: { type: "string" },
            },
          ],
          responses: {
            "303": {
              description: "A new subscription's hosted page was opened: `Location` is the page",
              headers: { Location: { schema: { type: "string", format: "uri" } } },
            },
            "404": {
              description: "No such plan: a page that says so, in the shopper's language",
              content: { "text/html": { schema: { type: "string" } } },
            },
          },
        },
      },
      "/subscriptions": {
        post: {
          summary: "Create a subscription (and its customer and plan when given in full)",
          description:
            "The subscription, a new customer and a new plan are written in one database transaction: a 422 leaves " +
            "none of them. With a card the first billing cycle is charged at once; a declined first charge " +
            "answers 201 with state `failed` and its `last_transaction`. Without a card the state is " +
            "`redirecting` and `redirect_url` is the hosted page.",
          requestBody: { required: true, content: json("SubscriptionCreateRequest") },
          responses: {
            "201": { description: "The subscription", content: json("Subscription") },
            "401": unauthorized,
            "422": error(
              "Validation failed; unknown plan, customer or token under `plan`, `customer`, `card`",
            ),
          },
          callbacks: {
            subscriptionEvent: {
              "{$request.body#/notification_url}": {
                post: {
                  summary: "A subscription's event, signed as transaction webhooks are",
                  requestBody: { content: json("SubscriptionNotification") },
                  responses: { "200": { description: "Received" } },
                },
              },
            },
          },
        },
        get: {
          summary: "List subscriptions, newest first",
          parameters: [
            ...pagination,
            { name: "state", in: "query", schema: { type: "string", enum: [...SUBSCRIPTION_STATES] } },
            { name: "customer_id", in: "query", schema: { type: "string" } },
            { name: "plan_id", in: "query", schema: { type: "string" } },
            {
              name: "exclude_state",
              in: "query",
              description: "States to leave out, comma-separated (e.g. redirecting,expired)",
              schema: { type: "string" },
            },
          ],
          responses: {
            "200": {
              description: "Subscriptions",
              headers: paginationHeaders,
              content: json("SubscriptionList"),
            },
            "401": unauthorized,
            "422": error("Unknown state"),
          },
        },
      },
      "/subscriptions/{id}": {
        get: {
          summary: "Get a subscription",
          parameters: [subscriptionId],
          responses: {
            "200": { description: "The subscription", content: json("Subscription") },
            "401": unauthorized,
            "404": notFound,
          },
        },
      },
      "/subscriptions/{id}/cancel": {
        post: {
          summary: "Cancel a subscription: never charged again; active_to keeps the paid-up date",
          parameters: [subscriptionId],
          requestBody: { required: true, content: json("SubscriptionCancelRequest") },
          responses: {
            "200": { description: "The canceled subscription", content: json("Subscription") },
            "401": unauthorized,
            "404": notFound,
            "422": error("No cancel_reason, or `is already canceled`"),
          },
        },
      },
      "/subscriptions/{id}/timeline": {
        get: {
          summary: "A subscription's events and its subscriber's e-mails, oldest first",
          parameters: [subscriptionId],
          responses: {
            "200": { description: "The timeline", content: json("SubscriptionTimeline") },
            "401": unauthorized,
            "404": notFound,
          },
        },
      },
      "/subscriptions/{id}/charges": {
        get: {
          summary: "What each of a subscription's charges was for: its billing cycle, or a plan change",
          parameters: [subscriptionId],
          responses: {
            "200": { description: "The charges, newest first", content: json("SubscriptionCharges") },
            "401": unauthorized,
            "404": notFound,
          },
        },
      },
      "/subscriptions/{id}/change_plan": {
        post: {
          summary: "Change a subscription's plan, at the next renewal (next_cycle, the default) or now",
          description:
            "next_cycle: the next cycle is made with the new plan (a second change before then replaces the " +
            "pending one). now: the plan changes at once; an upgrade during a paid period first charges " +
            "(new − old amount) × the unused fraction of the period, once (keyed by the change's number, as a " +
            "renewal by its cycle's), and the plan changes when it is paid; a downgrade credits nothing back. The " +
            "same change asked again changes and charges nothing. Emits subscription.plan_changed.",
          parameters: [subscriptionId],
          requestBody: { required: true, content: json("SubscriptionChangePlanRequest") },
          responses: {
            "200": {
              description: "The subscription with its new (or pending) plan",
              content: json("Subscription"),
            },
            "401": unauthorized,
            "404": notFound,
            "409": error("Another plan change's prorated charge is at the acquirer; repeat later"),
            "422": error(
              "Unknown plan (`plan.id`), another currency (`plan.currency`), a canceled or ended subscription, " +
                "or the prorated charge declined (`base`)",
            ),
          },
        },
      },
      "/subscriptions/{id}/pause": {
        post: {
          summary: "Pause an active subscription: nothing is charged or retried while paused",
          description:
            "The period already paid stays paid (active_to). With resume_at it resumes by itself then; its next " +
            "charge is the first anniversary of its billing anchor after it resumes. Emits subscription.paused.",
          parameters: [subscriptionId],
          requestBody: { required: false, content: json("SubscriptionPauseRequest") },
          responses: {
            "200": { description: "The paused subscription", content: json("Subscription") },
            "401": unauthorized,
            "404": notFound,
            "422": error("`is already paused`, not active, or resume_at not in the future"),
          },
        },
      },
      "/subscriptions/{id}/resume": {
        post: {
          summary: "Resume a paused subscription now: next charge at the first anniversary after",
          parameters: [subscriptionId],
          responses: {
            "200": { description: "The active subscription", content: json("Subscription") },
            "401": unauthorized,
            "404": notFound,
            "422": error("`is not paused`"),
          },
        },
      },
      "/subscriptions/{id}/test_clock": {
        post: {
          summary:
            "Move a test subscription's clock, running every charge, trial end and retry due on the way",
          parameters: [subscriptionId],
          requestBody: { required: true, content: json("SubscriptionTestClockRequest") },
          responses: {
            "200": { description: "The subscription as it then is", content: json("Subscription") },
            "401": unauthorized,
            "404": notFound,
            "422": error("A live subscription, or a time before the subscription's present"),
          },
        },
      },
      "/subscription_cards/{token}": {
        get: {
          summary:
            "The subscription's card update link (card_update_url): opens the hosted page for a new card",
          description:
            "For the subscriber's browser: no credentials (the token is the capability). Each visit opens a " +
            "tokenization session bound to the subscription; the card stored there replaces the subscription's.",
          security: [],
          parameters: [
            {
              name: "token",
              in: "path",
              required: true,
              schema: { type: "string" },
              description: "The token of the subscription's card_update_url",
            },
          ],
          responses: {
            "303": { description: "To the hosted page of a new card-update session" },
            "404": notFound,
          },
        },
      },
      "/subscription_cancels/{token}": {
        get: {
          summary: "What the subscriber's cancel page (cancel_url) shows",
          description:
            "For the checkout app's cancel page: no credentials (the 256-bit token of cancel_url is the " +
            "capability). The plan's terms and the shop's name, never card or customer data.",
          security: [],
          parameters: [cancelToken],
          responses: {
            "200": {
              description: "The subscription as its cancel page shows it",
              content: json("SubscriptionCancelResponse"),
            },
            "404": notFoundError("Not found: a forged or unknown token"),
          },
        },
        post: {
          summary: "The subscriber cancels at the period's end (once: asked again, answers it canceled)",
          security: [],
          parameters: [cancelToken],
          responses: {
            "200": {
              description:
                "The subscription, canceled (or as it was, if it had ended), as its cancel page shows it",
              content: json("SubscriptionCancelResponse"),
            },
            "404": notFoundError("Not found: a forged or unknown token"),
          },
        },
      },
    },
  };
}
