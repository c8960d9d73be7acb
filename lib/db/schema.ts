import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  json,
  jsonb,
  pgTable,
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
    status: text("status", { enum: ["successful", "failed", "incomplete"] }).notNull(),
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
    ...timestamps,
  },
  (table) => [
    index("transactions_shop_created_idx").on(table.shopId, table.createdAt),
    index("transactions_tracking_ids_idx").using("gin", table.trackingIds),
    index("transactions_fingerprint_idx").on(table.duplicateFingerprint, table.createdAt),
  ],
);

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

export type Shop = typeof shops.$inferSelect;
export type CardRecord = typeof cards.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
