import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { loadEnvFile } from "./env-file";
import { OperatorError } from "./operator-error";

/**
 * All configuration comes from the environment (and a `.env` file under it, see `getConfig`) and is parsed here
 * once. Nothing else reads `process.env`, so a bad value fails at start-up with a message naming the variable.
 */
const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const absoluteHttpUrl = z
  .string()
  .refine(
    (value) => /^https?:\/\/[^/]+/.test(value) && URL.canParse(value),
    "must be an absolute http(s) URL",
  )
  .transform((value) => value.replace(/\/+$/, ""));

const seconds = (min: number, max: number) =>
  z.coerce.number({ error: "must be a number" }).int().min(min).max(max);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ error: "must be a number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: absoluteHttpUrl.optional(),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), "must be a postgres:// connection string")
    .optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  MASTER_KEY: z.string().min(1).optional(),
  GATEWAY_BASE_URL: absoluteHttpUrl.optional(),
  ALLOW_PRIVATE_URLS: booleanFromEnv.optional(),
  ALLOW_HTTP_URLS: booleanFromEnv.optional(),
  DEMO_SHOPS: booleanFromEnv.optional(),
  EMBEDDED_DATABASE_MAINTENANCE: booleanFromEnv.optional(),
  TRUSTED_PROXIES: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => entries.every((entry) => isIP(entry) !== 0),
      "must be a comma-separated list of IP addresses",
    )
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CHECKOUT_ATTEMPTS_PER_ADDRESS: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(0)
    .max(1_000_000)
    .default(20),
  LINK_OPENS_PER_ADDRESS: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(0)
    .max(1_000_000)
    .default(30),
  THREE_D_SECURE_TTL_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(60)
    .max(86_400)
    .default(1800),
  HEADERS_TIMEOUT_SECONDS: seconds(1, 300).default(10),
  REQUEST_TIMEOUT_SECONDS: seconds(1, 600).default(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(1, 300).default(5),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(0)
    .max(1_000_000)
    .default(64),
  SHUTDOWN_GRACE_SECONDS: seconds(0, 3600).default(25),
  MASTER_KEY_PREVIOUS: z.string().min(1).optional(),
  // Operations: metrics, traces, log format.
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  METRICS_PORT: z.coerce.number({ error: "must be a number" }).int().min(0).max(65535).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: absoluteHttpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("tessera"),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  SMTP_URL: z
    .string()
    .refine(
      (value) => /^smtps?:\/\/[^/]+/.test(value) && URL.canParse(value),
      "must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587",
    )
    .optional(),
  EMAIL_FROM: z.string().min(3).max(320).optional(),
  MIGRATE_ON_START: booleanFromEnv.default(true),
});

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  /** Public origin of this deployment, e.g. https://pay.example.com (no trailing slash). */
  publicUrl: string;
  /** `{publicUrl}/gateway`: the spec's `{base_url}` and `{customers_base_url}`. */
  gatewayPublicUrl: string;
  /** Where the checkout app reaches the gateway over HTTP. */
  gatewayBaseUrl: string;
  databaseUrl: string | null;
  dataDir: string;
  masterKey: string | null;
  allowPrivateUrls: boolean;
  /** Merchant URLs (webhooks, verification, return and session URLs) may be plain http, not only https. */
  allowHttpUrls: boolean;
  /** Create the demo shops (published keys) on an empty embedded database and serve the demo shop at `/`. */
  demoShops: boolean;
  /**
   * The embedded database analyzes and vacuums its tables in the background, as autovacuum does PostgreSQL's
   * (lib/db/embedded-maintenance.ts); off only to measure what it is worth.
   */
  embeddedDatabaseMaintenance: boolean;
  /** Proxies (besides loopback) whose `X-Forwarded-For` names the client; see lib/client-address.ts. */
  trustedProxies: string[];
  logLevel: string;
  /** Payment attempts through hosted pages one client address may make in 10 minutes (0: no limit). */
  checkoutAttemptsPerAddress: number;
  /** Payment and plan links one client address may open in 10 minutes (each writes a row); 0: no limit. */
  linkOpensPerAddress: number;
  /** How long a shopper has to finish a 3-D Secure challenge before the transaction fails. */
  threeDSecureTtlSeconds: number;
  /** How long a client may take to send its request headers. */
  headersTimeoutSeconds: number;
  /** How long a client may take to send its whole request, body included; a stalled body is cut off after it. */
  requestTimeoutSeconds: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutSeconds: number;
  /** Open connections one client address may hold (0: no cap); loopback and trusted proxies are exempt. */
  maxConnectionsPerAddress: number;
  /** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
  shutdownGraceSeconds: number;
  /** The master key being rotated away from: the vault opens with either, and is re-wrapped under `masterKey`. */
  masterKeyPrevious: string | null;
  /** `GET /metrics` on the main port answers only `Authorization: Bearer <this>`; null: not on the main port. */
  metricsToken: string | null;
  /** A port of its own, bound to loopback, serving `/metrics` without a token; null: none. */
  metricsPort: number | null;
  /** OTLP/HTTP collector for traces; null: tracing off and its packages never loaded. */
  otlpEndpoint: string | null;
  /** The traces' `service.name`. */
  otelServiceName: string;
  /**
   * `pretty` one-line output in development when standard output is a terminal, JSON lines otherwise (LOG_FORMAT
   * overrides).
   */
  logFormat: "json" | "pretty";
  /** Mail server for shopper e-mails (`smtp://` with STARTTLS where offered, or `smtps://`); null: kept in the database. */
  smtpUrl: string | null;
  /** The From of shopper e-mails, e.g. `"Tessera" <receipts@pay.example.com>`. */
  emailFrom: string;
  /**
   * Apply the migrations the database lacks at start (the default); false: they are a step of their own (`npm run
   * migrate`) and a start on a database that lacks one stops with a message saying so.
   */
  migrateOnStart: boolean;
}

export class ConfigError extends OperatorError {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the set variables of `env` (empty strings in .env files mean "not set"), or throws a ConfigError. */
function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined>,
): z.output<Schema> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  }
  return parsed.data;
}

/**
 * @param output.terminal Whether standard output is a terminal: readable lines are for a person reading one; into a
 *   file or a pipe a development start writes JSON lines, as production does (what a collector or `grep` wants), and
 *   spends about a tenth less CPU on a request than formatting them (docs/decisions.md, "Where a request's CPU goes").
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  output: { terminal: boolean } = { terminal: process.stdout.isTTY === true },
): Config {
  const values = parseEnv(envSchema, env);
  const publicUrl = values.PUBLIC_URL ?? `http://localhost:${values.PORT}`;
  // Merchant URLs on private networks are normal on a developer's machine and dangerous in production.
  const allowPrivateUrls = values.ALLOW_PRIVATE_URLS ?? values.NODE_ENV !== "production";
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    gatewayPublicUrl: `${publicUrl}/gateway`,
    gatewayBaseUrl: values.GATEWAY_BASE_URL ?? `http://127.0.0.1:${values.PORT}/gateway`,
    databaseUrl: values.DATABASE_URL ?? null,
    dataDir: path.resolve(values.DATA_DIR),
    masterKey: values.MASTER_KEY ?? null,
    allowPrivateUrls,
    // Webhooks carry the shop's key: in production they go over TLS unless the operator says otherwise (or allows
    // private addresses, which is for local testing anyway).
    allowHttpUrls: values.ALLOW_HTTP_URLS ?? allowPrivateUrls,
    // The demo shops' keys are published: a production deployment has them only when its operator asks.
    demoShops: values.DEMO_SHOPS ?? values.NODE_ENV !== "production",
    embeddedDatabaseMaintenance: values.EMBEDDED_DATABASE_MAINTENANCE ?? true,
    trustedProxies: values.TRUSTED_PROXIES ?? [],
    logLevel: values.LOG_LEVEL,
    threeDSecureTtlSeconds: values.THREE_D_SECURE_TTL_SECONDS,
    checkoutAttemptsPerAddress: values.CHECKOUT_ATTEMPTS_PER_ADDRESS,
    linkOpensPerAddress: values.LINK_OPENS_PER_ADDRESS,
    headersTimeoutSeconds: values.HEADERS_TIMEOUT_SECONDS,
    requestTimeoutSeconds: values.REQUEST_TIMEOUT_SECONDS,
    keepAliveTimeoutSeconds: values.KEEP_ALIVE_TIMEOUT_SECONDS,
    maxConnectionsPerAddress: values.MAX_CONNECTIONS_PER_ADDRESS,
    shutdownGraceSeconds: values.SHUTDOWN_GRACE_SECONDS,
    masterKeyPrevious: values.MASTER_KEY_PREVIOUS ?? null,
    metricsToken: values.METRICS_TOKEN ?? null,
    metricsPort: values.METRICS_PORT ?? null,
    otlpEndpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
    otelServiceName: values.OTEL_SERVICE_NAME,
    logFormat:
      values.LOG_FORMAT ?? (values.NODE_ENV === "development" && output.terminal ? "pretty" : "json"),
    smtpUrl: values.SMTP_URL ?? null,
    emailFrom: values.EMAIL_FROM ?? `receipts@${new URL(publicUrl).hostname}`,
    migrateOnStart: values.MIGRATE_ON_START,
  };
}

/**
 * `npm run keys`' own setting: `NEW_MASTER_KEY`, the master key `rewrap` wraps the vault keys under (null when
 * unset). Not part of `Config`: a second master key exists only for the duration of that command.
 */
export function loadKeysCommandConfig(env: Record<string, string | undefined> = process.env): {
  newMasterKey: string | null;
} {
  const values = parseEnv(z.object({ NEW_MASTER_KEY: z.string().min(1).optional() }), env);
  return { newMasterKey: values.NEW_MASTER_KEY ?? null };
}

/**
 * Writes the settings that follow from NODE_ENV back into `env` as the explicit variables they would be, so that a
 * copy of this module loaded later in the same process reads the same decisions. `server.ts` calls it before Next
 * prepares: Next sets NODE_ENV=production in the process for a production build (its router server does), and the
 * checkout app's pages read the configuration through their own bundled copy of this module. Without it a default
 * start made the demo shops (NODE_ENV unset reads as development) and `/` then said there was no demo.
 */
export function pinModeSettings(config: Config, env: Record<string, string | undefined> = process.env): void {
  env.DEMO_SHOPS = String(config.demoShops);
  env.ALLOW_PRIVATE_URLS = String(config.allowPrivateUrls);
  env.ALLOW_HTTP_URLS = String(config.allowHttpUrls);
  env.LOG_FORMAT = config.logFormat;
}

let cached: Config | undefined;

/** The configuration of this process: the environment, with `./.env` filling what it leaves unset. */
export function getConfig(): Config {
  if (!cached) {
    loadEnvFile();
    cached = loadConfig();
  }
  return cached;
}
