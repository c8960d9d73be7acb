import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Raw bytes (ciphertexts, wrapped keys). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, precision: 3 })
    .notNull()
    .default(sql`clock_timestamp()`),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 })
    .notNull()
    .default(sql`clock_timestamp()`),
};

/**
 * Keys of the card vault, each wrapped by the master key. `data` keys encrypt card numbers (one is active;
 * older ones stay until every record has been re-encrypted); the single `index` key derives the HMAC keys for
 * stamps, duplicate fingerprints and secret-key lookups, and never rotates so those hashes stay stable.
 */
export const vaultKeys = pgTable("vault_keys", {
  id: text("id").primaryKey(),
  purpose: text("purpose", { enum: ["data", "index"] }).notNull(),
  wrappedKey: bytea("wrapped_key").notNull(),
  active: boolean("active").notNull(),
  createdAt: timestamps.createdAt,
  retiredAt: timestamp("retired_at", { withTimezone: true, precision: 3 }),
  // Master-key rotation (migration 0022): the check value of the master key that wraps this key; null when
  // wrapped before it was recorded.
  masterKeyCheck: text("master_key_check"),
});

export const shops = pgTable("shops", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  test: boolean("test").notNull().default(true),
  /** HMAC of the secret key: the secret itself is only kept sealed, for signing outgoing requests. */
  secretKeyHash: text("secret_key_hash").notNull(),
  secretKeySealed: bytea("secret_key_sealed").notNull(),
  webhookSecretSealed: bytea("webhook_secret_sealed").notNull(),
  privateKeySealed: bytea("private_key_sealed").notNull(),
  publicKey: text("public_key").notNull(),
  keyId: text("key_id").notNull(),
  settings: jsonb("settings").notNull(),
  ...timestamps,
});

/** The card vault: one record per stored card, the number sealed under a data key. Never the security code. */
export const cards = pgTable(
  "cards",
  {
    token: text("token").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    keyId: text("key_id").notNull(),
    numberSealed: bytea("number_sealed").notNull(),
    stamp: text("stamp").notNull(),
    expMonth: smallint("exp_month").notNull(),
    expYear: smallint("exp_year").notNull(),
    holder: text("holder"),
    /**
     * What the token may do (`additional_data.contract` when it was stored): none means shopper-present charges
     * with the security code and payouts; `recurring` merchant-initiated charges; `oneclick` shopper-present
     * charges; `credit` payouts.
     */
    contract: text("contract").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Stored only to carry out the charge it came with (3-D Secure, or asking the acquirer again after a crash),
     * because the shopper did not choose to save it: deleted when that charge's answer is stored, whatever it is,
     * and its token is never shown.
     */
    heldForCharge: boolean("held_for_charge").notNull().default(false),
    /**
     * Stored-credential consent: the hosted page told the shopper, before the button, that the shop may charge the
     * card for future payments (a `recurring` session without a save-card choice). Set by the gateway from the
     * session, never from the page's request.
     */
    consentShown: boolean("consent_shown").notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("cards_shop_idx").on(table.shopId), index("cards_key_idx").on(table.keyId)],
);

export const transactions = pgTable(
  "transactions",
  {
    uid: text("uid").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    status: text("status", { enum: ["successful", "failed", "incomplete", "error"] }).notNull(),
    /** What the transaction does; money types other than `tokenization` may also end as `error` (processor error). */
    type: text("type", {
      enum: ["tokenization", "payment", "authorization", "capture", "void", "refund", "credit", "chargeback"],
    })
      .notNull()
      .default("tokenization"),
    /** The authorization or payment a capture, void or refund acts on. */
    parentUid: text("parent_uid").references((): AnyPgColumn => transactions.uid),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    trackingId: text("tracking_id"),
    /** `tracking_id` split on `;`, so a lookup by any one of them uses the GIN index. */
    trackingIds: text("tracking_ids").array().notNull(),
    cardToken: text("card_token").references(() => cards.token),
    /** Keyed hash of shop + amount + card number for the duplicate check; null when the check was off. */
    duplicateFingerprint: text("duplicate_fingerprint"),
    test: boolean("test").notNull(),
    /**
     * The transaction object as the API returns it, minus the columns above (never the card number or security
     * code). `json`, not `jsonb`: it keeps the key order of the response as built.
     */
    body: json("body").notNull(),
    /**
     * A parent's totals: what its successful captures, voids and refunds add up to, kept by tessera_finish_child
     * as each child ends (migration 0072). Its `amounts` are rendered from them at read (`transactionFromRow`).
     */
    captured: bigint("captured", { mode: "number" }).notNull().default(0),
    voided: bigint("voided", { mode: "number" }).notNull().default(0),
    refunded: bigint("refunded", { mode: "number" }).notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index("transactions_shop_created_idx").on(table.shopId, table.createdAt),
    index("transactions_tracking_ids_idx").using("gin", table.trackingIds),
    index("transactions_fingerprint_idx").on(table.duplicateFingerprint, table.createdAt),
    index("transactions_parent_idx").on(table.parentUid),
  ],
);

/**
 * The transactions that have not ended (`incomplete`), for the recovery sweeps to read instead of every transaction.
 * Kept by triggers on `transactions` (lib/db/functions/tessera_track_in_flight.sql), never written by the application.
 */
export const transactionsInFlight = pgTable(
  "transactions_in_flight",
  {
    uid: text("uid")
      .primaryKey()
      .references(() => transactions.uid, { onDelete: "cascade" }),
    type: text("type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
    /** A capture's, void's or refund's parent and amount: what its parent's next child weighs as taken. */
    parentUid: text("parent_uid"),
    amount: bigint("amount", { mode: "number" }),
  },
  (table) => [
    index("transactions_in_flight_created_idx").on(table.createdAt),
    index("transactions_in_flight_parent_idx").on(table.parentUid).where(sql`${table.parentUid} is not null`),
  ],
);

/**
 * The database functions applied (lib/db/functions/<name>.sql): the digest of the text each was last applied
 * from, so that a start applies only the files that changed (lib/db/database-functions.ts).
 */
export const databaseFunctions = pgTable("database_functions", {
  name: text("name").primaryKey(),
  sha256: text("sha256").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true, precision: 3 })
    .notNull()
    .default(sql`clock_timestamp()`),
});

/** Fixed-window counters shared by every instance (authentication throttling, velocity limits). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true, precision: 3 }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [uniqueIndex("rate_limits_key_window_idx").on(table.key, table.windowStart)],
);

/**
 * A 3-D Secure verification in progress with the sandbox issuer, one per `incomplete` transaction. The card is
 * already sealed in `cards` (its token is withheld from the response until the verification succeeds, and the
 * record is deleted when it fails). Never the security code: only the acquirer's decision made from it.
 */
export const threeDSecureChallenges = pgTable(
  "three_d_secure_challenges",
  {
    transactionUid: text("transaction_uid")
      .primaryKey()
      .references(() => transactions.uid),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    /**
     * `method`: the 3-D Secure 2 device-data step is pending; `challenge`: the code is asked; `verifying`: the
     * shopper passed and one request is asking the merchant's verification_url (since `updated_at`); `finished`.
     */
    stage: text("stage", { enum: ["method", "challenge", "verifying", "finished"] }).notNull(),
    /** The sandbox issuer's scenario for the card (enrolment and result), see three-d-secure/. */
    scenario: text("scenario").notNull(),
    /** The sandbox one-time code (shown on the page in test mode; not card data). */
    oneTimeCode: text("one_time_code").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** The operation that goes on once the shopper has answered: a `PendingOperation` (three-d-secure/), by `kind`. */
    pendingOperation: jsonb("pending_operation").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (table) => [index("three_d_secure_challenges_expiry_idx").on(table.stage, table.expiresAt)],
);

/**
 * Transactional outbox of merchant notifications: a row is written in the same database transaction that gives
 * a transaction its final status, and a worker delivers it (claiming with FOR UPDATE SKIP LOCKED). The body is
 * built at delivery time from the transaction, so it always equals the query response.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    /** Also the Standard Webhooks `webhook-id`. */
    id: text("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    /** The transaction notified about; null for a subscription's event. */
    transactionUid: text("transaction_uid").references(() => transactions.uid),
    /** A subscription's event: its body (`payload`) is the subscription as the event left it, plus `event`. */
    subscriptionId: text("subscription_id").references((): AnyPgColumn => subscriptions.id),
    payload: json("payload"),
    url: text("url").notNull(),
    /** `pending` until a 2xx (`delivered`) or the retry schedule is exhausted (`failed`). */
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the worker may next claim it; a claim pushes it forward as a lease while the request is in flight. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`clock_timestamp()`),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (table) => [
    index("notification_deliveries_due_idx").on(table.status, table.nextAttemptAt),
    index("notification_deliveries_transaction_idx").on(table.transactionUid),
  ],
);

/** Every delivery attempt, as shown to the merchant. */
export const notificationAttempts = pgTable(
  "notification_attempts",
  {
    id: serial("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => notificationDeliveries.id),
    attemptedAt: timestamp("attempted_at", { withTimezone: true, precision: 3 }).notNull(),
    /** Null when no HTTP response arrived (timeout, refused, blocked address). */
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    succeeded: boolean("succeeded").notNull(),
    error: text("error"),
  },
  (table) => [index("notification_attempts_delivery_idx").on(table.deliveryId, table.attemptedAt)],
);

/** The spec's customer records, scoped to a shop. */
export const customers = pgTable(
  "customers",
  {
    /** `cst_` + 16 hex characters. */
    id: text("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    /** The merchant's own id for the customer, unique per shop. */
    externalId: text("external_id"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    address: text("address"),
    city: text("city"),
    country: text("country"),
    zip: text("zip"),
    state: text("state"),
    phone: text("phone"),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    ...timestamps,
  },
  (table) => [
    index("customers_shop_created_idx").on(table.shopId, table.createdAt),
    index("customers_shop_email_idx").on(table.shopId, table.email),
    uniqueIndex("customers_shop_external_id_idx").on(table.shopId, table.externalId),
  ],
);

/**
 * Checkout sessions of the hosted payment page. The token is the shopper's bearer credential for this session
 * only. Attempts are counted here, in the database, so every instance enforces the same limit.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    /** 64 hex characters (256 random bits). */
    token: text("token").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    status: text("status", { enum: ["pending", "incomplete", "successful", "failed", "error"] })
      .notNull()
      .default("pending"),
    test: boolean("test").notNull(),
    attempts: integer("attempts").notNull(),
    attemptsUsed: integer("attempts_used").notNull().default(0),
    /** Set while an attempt is being processed: a second concurrent attempt is refused until it ends. */
    attemptLockedUntil: timestamp("attempt_locked_until", { withTimezone: true, precision: 3 }),
    /** The request as validated (order, settings, customer, payment_method), echoed in the merchant's view. */
    request: jsonb("request").notNull(),
    /** Every transaction made through this session, oldest first. */
    transactionUids: text("transaction_uids").array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true, precision: 3 }),
    ...timestamps,
    /** The product whose payment link opened this session: its attempts take the product's stock. */
    productId: text("product_id"),
    /** Every attempt goes through 3-D Secure whatever the shop's setting (a subscription's pages). */
    threeDSecureRequired: boolean("three_d_secure_required").notNull().default(false),
  },
  (table) => [index("checkouts_shop_created_idx").on(table.shopId, table.createdAt)],
);

/**
 * Admin area sign-ins, so that signing out (or rotating the secret key) ends a session on the server and a copied
 * cookie stops working. The cookie holds the session id; only its SHA-256 is stored.
 */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("admin_sessions_shop_idx").on(table.shopId)],
);

/**
 * Idempotency keys (`RequestID` / `Idempotency-Key` headers) of the gateway's POSTs, per shop, kept 24 h. The row is
 * inserted before the request runs, so a repeat arriving meanwhile (on any instance) finds it `pending` and waits
 * for the stored response instead of running again.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    key: text("key").notNull(),
    /** Keyed hash (HMAC) of method, path and body: the body may hold card data. */
    requestHash: text("request_hash").notNull(),
    /**
     * `pending` while the first request runs; `completed` once its response is stored; `held` when it ended without
     * a response after starting its money transaction, whose answer becomes the key's once it is finished.
     */
    state: text("state", { enum: ["pending", "held", "completed"] }).notNull(),
    responseStatus: integer("response_status"),
    responseContentType: text("response_content_type"),
    responseBody: text("response_body"),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    ...timestamps,
    // Migration 0015: the first money transaction of the key's request, bound before it is written, whose answer
    // repeats get once the request is gone and a recovery sweep has finished it (409 until then).
    transactionUid: text("transaction_uid"),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.key] }),
    index("idempotency_keys_expiry_idx").on(table.expiresAt),
  ],
);

/**
 * The card numbers each shop tokenized in the last 24 hours, by keyed per-shop digests only: `card` of the number,
 * `family` of its leading digits and last 4. Written and read by `tessera_sight_cards` (lib/db/functions) under
 * advisory locks, so every instance enforces the card-family and new-card limits together.
 */
export const cardSightings = pgTable(
  "card_sightings",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    card: text("card").notNull(),
    family: text("family").notNull(),
    /** When this number became new to the shop (again, once its last sighting left the window). */
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true, precision: 3 }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.card] }),
    index("card_sightings_family_idx").on(table.shopId, table.family, table.seenAt),
    index("card_sightings_first_seen_idx").on(table.shopId, table.firstSeenAt),
    index("card_sightings_seen_idx").on(table.seenAt),
  ],
);

/** What the card limits refused, shown to the operator; never more of a card than its bin and last 4. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    /** `card_family_limit` or `new_card_limit`. */
    kind: text("kind").notNull(),
    bin: text("bin"),
    last4: text("last_4"),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("security_events_shop_created_idx").on(table.shopId, table.createdAt)],
);

/**
 * Stored cards (`card`, by token) and transactions (`transaction`, by uid) that still carry a global stamp from
 * before stamps were per shop; emptied at start-up by `rekeyLegacyStamps`, and never written to afterwards.
 */
export const legacyStamps = pgTable(
  "legacy_stamps",
  {
    kind: text("kind", { enum: ["card", "transaction"] }).notNull(),
    key: text("key").notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.key] })],
);

/**
 * Payouts: what each shop has paid out (approved or still pending) per currency, UTC day and mode, in minor units.
 * Raised by one conditional upsert per payout that stays under the shop's daily limit (`reservePayout`), so
 * concurrent payouts on any number of instances cannot pass it together; lowered again when a payout fails.

 */
export const payoutDays = pgTable(
  "payout_days",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    currency: text("currency").notNull(),
    day: text("day").notNull(),
    test: boolean("test").notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.currency, table.day, table.test] })],
);

// Shopper e-mails: the outbox of receipts and subscription messages sent to the customer's address.
/**
 * A message to a shopper, written in the same database transaction as what it reports (a successful payment,
 * capture, refund or payout; a subscription's event). `payload` holds everything the message shows, captured then,
 * so it renders the same whenever it is sent, re-sent or read in the admin. A worker in every instance claims due
 * rows with FOR UPDATE SKIP LOCKED and sends them over SMTP, or keeps them (`kept`) when no server is configured.
 */
export const shopperEmails = pgTable(
  "shopper_emails",
  {
    id: text("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    /** The transaction it reports; null for a subscription message that has none. */
    transactionUid: text("transaction_uid"),
    subscriptionId: text("subscription_id"),
    kind: text("kind").notNull(),
    language: text("language").notNull(),
    recipient: text("recipient").notNull(),
    payload: jsonb("payload").notNull(),
    /** `pending` until sent (`sent`), kept without a mail server (`kept`), or given up on (`failed`). */
    status: text("status", { enum: ["pending", "sent", "kept", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the worker may next claim it; a claim pushes it forward as a lease while the message is sent. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`clock_timestamp()`),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (table) => [
    index("shopper_emails_due_idx").on(table.status, table.nextAttemptAt),
    index("shopper_emails_shop_created_idx").on(table.shopId, table.createdAt),
    index("shopper_emails_transaction_idx").on(table.transactionUid),
  ],
);

/**
 * Shopper e-mails sent per shop in each clock hour, live and test apart: the worker takes one from the hour's
 * allowance before it sends (one conditional upsert under the row's lock, so instances at once never pass the
 * limit together); an hour's row is dropped a day later.
 */
export const shopperEmailHours = pgTable(
  "shopper_email_hours",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    test: boolean("test").notNull(),
    sent: integer("sent").notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.hour, table.test] })],
);

/**
 * Products and their payment links (bePaid's `/products`). `quantity` is the stock still for sale (null when
 * `infinite`); a payment attempt through the link holds one unit (`product_stock_holds`) before the acquirer is
 * asked, the unit is taken when the payment succeeds and given back when it does not.
 */
export const products = pgTable(
  "products",
  {
    /** `prd_` + 16 hex characters. */
    id: text("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    currency: text("currency").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    infinite: boolean("infinite").notNull(),
    quantity: integer("quantity"),
    /** Units taken by successful payments. */
    sold: integer("sold").notNull().default(0),
    visible: text("visible").array().notNull().default(sql`'{}'::text[]`),
    test: boolean("test").notNull(),
    immortal: boolean("immortal").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }),
    transactionType: text("transaction_type", { enum: ["payment", "authorization"] }).notNull(),
    language: text("language"),
    returnUrl: text("return_url"),
    successUrl: text("success_url"),
    failUrl: text("fail_url"),
    notificationUrl: text("notification_url"),
    additionalData: jsonb("additional_data"),
    /** False once the merchant deactivated the link: it sells no more. */
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [index("products_shop_created_idx").on(table.shopId, table.createdAt)],
);

/** One unit of a product's stock held for one payment attempt through its link, until the payment ends. */
export const productStockHolds = pgTable(
  "product_stock_holds",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    checkoutToken: text("checkout_token").notNull(),
    /** Set once the attempt made its transaction. */
    transactionUid: text("transaction_uid"),
    state: text("state", { enum: ["held", "taken", "released"] })
      .notNull()
      .default("held"),
    ...timestamps,
  },
  (table) => [
    index("product_stock_holds_product_idx").on(table.productId, table.createdAt),
    index("product_stock_holds_transaction_idx").on(table.transactionUid),
  ],
);

export type ProductRow = typeof products.$inferSelect;

// Subscriptions (plans, subscriptions and their billing cycles), migration 0018.

/** A subscription plan: how much and how often; `trial` is `{amount, interval, interval_unit, as_first_payment}`. */
export const plans = pgTable(
  "plans",
  {
    /** `pln_` + 16 hex characters. */
    id: text("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    test: boolean("test").notNull(),
    title: text("title").notNull(),
    currency: text("currency").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    interval: integer("interval").notNull(),
    intervalUnit: text("interval_unit", { enum: ["hour", "day", "week", "month", "year"] }).notNull(),
    trial: jsonb("trial"),
    infinite: boolean("infinite").notNull(),
    billingCycles: integer("billing_cycles"),
    numberPaymentAttempts: integer("number_payment_attempts").notNull(),
    preventPaymentsAtNight: boolean("prevent_payments_at_night").notNull(),
    language: text("language"),
    ...timestamps,
  },
  (table) => [index("plans_shop_created_idx").on(table.shopId, table.createdAt)],
);

/**
 * A customer's subscription to a plan. `state` moves only through the transition table
 * (lib/gateway/subscriptions/transitions.ts), each update guarded by the state it expects.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    /** `sbs_` + 16 hex characters. */
    id: text("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    /** Null only while a subscription opened from a plan's pay_url waits for its first payment (migration 0023). */
    customerId: text("customer_id").references(() => customers.id),
    test: boolean("test").notNull(),
    state: text("state").notNull(),
    /** The `recurring` token renewals charge; null while redirecting. */
    cardToken: text("card_token").references(() => cards.token),
    trackingId: text("tracking_id"),
    returnUrl: text("return_url"),
    notificationUrl: text("notification_url"),
    additionalData: jsonb("additional_data"),
    language: text("language"),
    /** The hosted-page session of a redirecting subscription, or of its latest card update. */
    checkoutToken: text("checkout_token"),
    /** The capability in `card_update_url` (256 random bits): whoever has the link may replace the card. */
    cardUpdateToken: text("card_update_token").notNull(),
    /** The hosted-page session (a tokenization) of the shopper's latest card update. */
    cardUpdateCheckout: text("card_update_checkout"),
    /** When the next charge (or retry) is due; null when none will be. */
    renewAt: timestamp("renew_at", { withTimezone: true, precision: 3 }),
    /** Paid up to. */
    activeTo: timestamp("active_to", { withTimezone: true, precision: 3 }),
    /**
     * When its first plan period started (migration 0036): every period end is this plus whole intervals
     * (`periodEndAfter`). Null until it starts.
     */
    billingAnchor: timestamp("billing_anchor", { withTimezone: true, precision: 3 }),
    paidBillingCycles: integer("paid_billing_cycles").notNull().default(0),
    numberFailedPaymentAttempts: integer("number_failed_payment_attempts").notNull().default(0),
    /** What the last failed attempt met: `hard`, `soft` or `error` (decides the retry and the final state). */
    lastFailure: text("last_failure"),
    lastTransactionUid: text("last_transaction_uid"),
    cancelReason: text("cancel_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, precision: 3 }),
    /** A test subscription's clock, once advanced: its present is the later of this and the real time. */
    clockAt: timestamp("clock_at", { withTimezone: true, precision: 3 }),
    /** A scheduler's claim: no other instance charges the subscription until it ends. */
    leaseUntil: timestamp("lease_until", { withTimezone: true, precision: 3 }),
    /**
     * Held for the operator (migration 0035): an outcome of its charge could not be stored. Never claimed, settled
     * or charged while set; `heldReason` says why.
     */
    heldAt: timestamp("held_at", { withTimezone: true, precision: 3 }),
    heldReason: text("held_reason"),
    /** The capability in `cancel_url` (256 random bits, migration 0060): whoever has the link may cancel. */
    cancelToken: text("cancel_token").notNull(),
    /** When the free trial's reminder (`subscription.trial_will_end`) was claimed; null until then. */
    trialRemindedAt: timestamp("trial_reminded_at", { withTimezone: true, precision: 3 }),
    /** Why the last attempt failed, as the subscriber is told: `FailureReason` (schedule.ts). */
    lastFailureReason: text("last_failure_reason"),
    /** A pause: since when, and when it ends by itself (null: until resumed). */
    pausedAt: timestamp("paused_at", { withTimezone: true, precision: 3 }),
    resumeAt: timestamp("resume_at", { withTimezone: true, precision: 3 }),
    /** A plan change waiting for the next cycle (`proration: next_cycle`). */
    pendingPlanId: text("pending_plan_id").references((): AnyPgColumn => plans.id),
    /** Plan changes made so far: the number keys a prorated charge as a cycle's number keys a renewal. */
    planChanges: integer("plan_changes").notNull().default(0),
    /** A plan change's prorated charge while it is asked, and the plan it buys (set and cleared under the lock). */
    prorationUid: text("proration_uid"),
    prorationPlanId: text("proration_plan_id").references((): AnyPgColumn => plans.id),
    ...timestamps,
  },
  (table) => [
    index("subscriptions_shop_created_idx").on(table.shopId, table.createdAt),
    uniqueIndex("subscriptions_cancel_token_idx").on(table.cancelToken),
    index("subscriptions_trial_reminder_idx")
      .on(table.renewAt)
      .where(sql`${table.state} = 'trial' and ${table.trialRemindedAt} is null`),
    index("subscriptions_resume_idx").on(table.resumeAt).where(sql`${table.state} = 'paused'`),
    uniqueIndex("subscriptions_card_update_token_idx").on(table.cardUpdateToken),
    // Migration 0023: the hosted page finds its subscription's plan by the session's token.
    index("subscriptions_checkout_token_idx").on(table.checkoutToken),
    index("subscriptions_held_idx").on(table.heldAt).where(sql`${table.heldAt} is not null`),
    // Migration 0045: the hosted page finds the subscription a card update is for by the session's token.
    index("subscriptions_card_update_checkout_idx").on(table.cardUpdateCheckout),
  ],
);

/**
 * One row per billing cycle of a subscription, unique by (subscription, cycle number). Every charge attempt of a
 * cycle is a payment whose uid is derived from the cycle's key and attempt (`pending_uid` while it is asked), so
 * the acquirer's idempotency key is the cycle's and a cycle is paid at most once (`paid_uid`).
 */
export const subscriptionCycles = pgTable(
  "subscription_cycles",
  {
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    cycleNumber: integer("cycle_number").notNull(),
    /** `open` while being charged or retried, `paid`, or `closed` (given up or canceled). */
    state: text("state", { enum: ["open", "paid", "closed"] })
      .notNull()
      .default("open"),
    attempts: integer("attempts").notNull().default(0),
    amount: bigint("amount", { mode: "number" }).notNull(),
    pendingUid: text("pending_uid"),
    paidUid: text("paid_uid"),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.cycleNumber], name: "subscription_cycles_pk" }),
  ],
);

/**
 * Every event of a subscription as it was recorded, in the transaction of the change it reports (migration 0061):
 * the admin's timeline, whether or not the subscription has a `notification_url`.
 */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    event: text("event").notNull(),
    /** The state the event left the subscription in. */
    state: text("state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [index("subscription_events_subscription_idx").on(table.subscriptionId, table.id)],
);

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionCycleRow = typeof subscriptionCycles.$inferSelect;

export type Shop = typeof shops.$inferSelect;
export type CardRecord = typeof cards.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type ThreeDSecureChallengeRow = typeof threeDSecureChallenges.$inferSelect;
export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;
export type NotificationAttemptRow = typeof notificationAttempts.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type ShopperEmailRow = typeof shopperEmails.$inferSelect;

/**
 * Disputes of a payment (or capture) by the cardholder's bank: inquiries and chargebacks, raised by the acquirer
 * (`dispute_events`). Status moves forward only, guarded by a trigger (lib/db/functions/tessera_guard_dispute_status.sql).
 * A chargeback's amount is the part of its payment not refunded (nor charged back) when it was opened, decided under
 * the payment's row lock, the lock every refund of it takes: a refund and a chargeback never take the same money.
 */
export const disputes = pgTable(
  "disputes",
  {
    id: text("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    /** The payment or capture disputed: the parent its refunds would have. */
    transactionUid: text("transaction_uid")
      .notNull()
      .references(() => transactions.uid),
    /** The `chargeback` transaction that reports it on bePaid's wire, once it is a chargeback. */
    chargebackUid: text("chargeback_uid").references(() => transactions.uid),
    /** The acquirer's own id of the dispute (its events name it). */
    acquirerRef: text("acquirer_ref").notNull().unique(),
    kind: text("kind", { enum: ["inquiry", "chargeback"] }).notNull(),
    reason: text("reason").notNull(),
    networkReasonCode: text("network_reason_code").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    evidence: jsonb("evidence").notNull().default(sql`'{}'::jsonb`),
    submissionCount: integer("submission_count").notNull().default(0),
    submittedAt: timestamp("submitted_at", { withTimezone: true, precision: 3 }),
    evidenceDueBy: timestamp("evidence_due_by", { withTimezone: true, precision: 3 }).notNull(),
    fee: bigint("fee", { mode: "number" }).notNull().default(0),
    fundsWithdrawnAt: timestamp("funds_withdrawn_at", { withTimezone: true, precision: 3 }),
    fundsReinstatedAt: timestamp("funds_reinstated_at", { withTimezone: true, precision: 3 }),
    /** When it reached its outcome (won, lost, an inquiry closed): the day reports count it on. */
    closedAt: timestamp("closed_at", { withTimezone: true, precision: 3 }),
    test: boolean("test").notNull(),
    ...timestamps,
  },
  (table) => [
    index("disputes_shop_created_idx").on(table.shopId, table.createdAt),
    index("disputes_transaction_idx").on(table.transactionUid),
  ],
);

/**
 * What the acquirer reported about disputes (pushed, or read when it is polled), each event once (`id` is the
 * acquirer's), applied in order by whichever instance claims it; one that cannot be applied yet (its payment not
 * written) is tried again, and one that never can is kept with its reason.
 */
export const disputeEvents = pgTable(
  "dispute_events",
  {
    id: text("id").primaryKey(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: ["pending", "applied", "discarded"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, precision: 3 }).notNull(),
    lastError: text("last_error"),
    ...timestamps,
  },
  (table) => [index("dispute_events_due_idx").on(table.status, table.nextAttemptAt)],
);

/**
 * A bank's early fraud warning on a payment (Visa TC40, Mastercard SAFE): no money has moved; refunding now avoids
 * the chargeback that may follow. `actionable` while no dispute exists and the payment is not fully refunded.
 */
export const earlyFraudWarnings = pgTable(
  "early_fraud_warnings",
  {
    id: text("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    transactionUid: text("transaction_uid")
      .notNull()
      .references(() => transactions.uid),
    fraudType: text("fraud_type").notNull(),
    test: boolean("test").notNull(),
    ...timestamps,
  },
  (table) => [index("early_fraud_warnings_transaction_idx").on(table.transactionUid)],
);

/**
 * Evidence files of a dispute (PDF, PNG, JPEG, checked by their content), kept with it in the database and served
 * to its shop only. Added and removed while the dispute waits for an answer; submitted with the text evidence.
 */
export const disputeFiles = pgTable(
  "dispute_files",
  {
    id: text("id").primaryKey(),
    disputeId: text("dispute_id")
      .notNull()
      .references(() => disputes.id),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    /** The name the merchant gave it, cleaned for a download's Content-Disposition. */
    filename: text("filename").notNull(),
    /** What its first bytes say it is, never what the upload declared. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    content: bytea("content").notNull(),
    ...timestamps,
  },
  (table) => [index("dispute_files_dispute_idx").on(table.disputeId, table.createdAt)],
);

export type DisputeRow = typeof disputes.$inferSelect;
export type DisputeFileRow = typeof disputeFiles.$inferSelect;
