import { asc } from "drizzle-orm";
import { isCardCurrencyCode } from "@/lib/contracts/currencies";
import { type ShopSettings, shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { shops } from "@/lib/db/schema";
import { createShop } from "@/lib/gateway/shops/create-shop";
import { type PayoutSettingsChange, setPayoutSettings } from "@/lib/gateway/shops/set-payout-settings";
import { listSecurityEvents } from "@/lib/gateway/tokenization/list-security-events";
import { loadKeyring } from "@/lib/gateway/vault/keyring";
import { resolveMasterKey } from "@/lib/gateway/vault/master-key";
import { exitWithUsage, parseCommandLine } from "@/lib/server/cli";
import { getConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";
import { OperatorError, reportOperatorErrors } from "@/lib/server/operator-error";

const USAGE = `Usage:
  npm run shop -- create --name "My Shop" [--live] [--three-d-secure] [--payouts] [--payout-limit 5000] [--payout-daily-limit 50000] [--payout-currencies EUR,USD]
  npm run shop -- payouts <shop id> [--on | --off] [--payout-limit 5000] [--payout-daily-limit 50000] [--payout-currencies EUR,USD]
  npm run shop -- list
  npm run shop -- events [shop id] [--limit 100]
Payout limits are in major units of the payout's currency (5000: EUR 5,000.00, JPY 5,000), so a shop pays out only
in the currencies listed for it (default EUR): list only currencies whose units are worth about as much.`;

const { command, positionals, values } = parseCommandLine({
  usage: USAGE,
  commands: ["create", "list", "events", "payouts"],
  maxPositionals: 2,
  options: {
    name: { type: "string" },
    live: { type: "boolean", default: false },
    "three-d-secure": { type: "boolean", default: false },
    limit: { type: "string", default: "100" },
    payouts: { type: "boolean", default: false },
    on: { type: "boolean", default: false },
    off: { type: "boolean", default: false },
    "payout-limit": { type: "string" },
    "payout-daily-limit": { type: "string" },
    "payout-currencies": { type: "string" },
  },
});
if (command === "create" && !values.name) exitWithUsage(USAGE, "--name is required.");
if (command === "events") {
  const shopId = positionals[0];
  if ((shopId !== undefined && !/^\d+$/.test(shopId)) || !/^[1-9]\d*$/.test(values.limit ?? "")) {
    exitWithUsage(USAGE, "A shop id and --limit are whole numbers.");
  }
}

/** `--payout-limit` and `--payout-daily-limit`: whole major units; absent ones are left as they are. */
function payoutLimits(): PayoutSettingsChange {
  const change: PayoutSettingsChange = {};
  for (const [option, key] of [
    ["payout-limit", "payout_limit"],
    ["payout-daily-limit", "payout_daily_limit"],
  ] as const) {
    const text = values[option];
    if (text === undefined) continue;
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
      exitWithUsage(USAGE, `--${option} is a whole number of major units above 0.`);
    }
    change[key] = value;
  }
  const currencies = values["payout-currencies"];
  if (currencies !== undefined) {
    const codes = currencies.split(",").map((code) => code.trim().toUpperCase());
    const refused = codes.filter((code) => !isCardCurrencyCode(code));
    if (codes.length === 0 || refused.length > 0 || new Set(codes).size !== codes.length) {
      exitWithUsage(
        USAGE,
        `--payout-currencies lists ISO 4217 codes once each, no funds codes (${refused.join(", ")}).`,
      );
    }
    change.payout_currencies = codes.filter(isCardCurrencyCode);
  }
  return change;
}

function describePayouts(settings: ShopSettings): string {
  return settings.payouts_allowed
    ? `allowed in ${settings.payout_currencies.join(", ")}, at most ${settings.payout_limit} per payout and ${settings.payout_daily_limit} a day (major units)`
    : "not allowed";
}

// How the command was called is checked before the database opens: a mistake is the usage and status 2.
const payoutChange = payoutLimits();
if (command === "payouts") {
  if (positionals[0] === undefined || !/^[1-9]\d*$/.test(positionals[0]))
    exitWithUsage(USAGE, "A shop id is needed.");
  if (values.on && values.off) exitWithUsage(USAGE, "Either --on or --off.");
}

reportOperatorErrors();
const config = getConfig();
const logger = createLogger({ level: "warn" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  const keyring = await loadKeyring(database.db, resolveMasterKey(config, logger));
  switch (command) {
    case "create": {
      const shop = await createShop({
        db: database.db,
        keyring,
        name: values.name ?? "",
        test: !values.live,
        settings: {
          three_d_secure: values["three-d-secure"],
          payouts_allowed: values.payouts,
          ...payoutChange,
        },
      });
      console.log(`Created shop ${shop.id} (${shop.name})`);
      console.log(`  shop id:        ${shop.id}`);
      console.log(`  secret key:     ${shop.secretKey}`);
      console.log(
        `  payouts:        ${describePayouts(shopSettingsSchema.parse({ payouts_allowed: values.payouts, ...payoutChange }))}`,
      );
      console.log(`  webhook secret: ${shop.webhookSecret}`);
      console.log("  public key (verifies Content-Signature):");
      console.log(shop.publicKey.trim());
      console.log("Store the secret key now: it is kept encrypted and not shown again by this command.");
      break;
    }
    case "payouts": {
      const shopId = Number(positionals[0]);
      const change: PayoutSettingsChange = {
        ...(values.on ? { payouts_allowed: true } : values.off ? { payouts_allowed: false } : {}),
        ...payoutChange,
      };
      const settings = await setPayoutSettings({ db: database.db, shopId, change });
      if (!settings) throw new OperatorError(`No shop ${shopId}.`);
      console.log(`Shop ${shopId}: payouts ${describePayouts(settings)}`);
      break;
    }
    case "list": {
      const rows = await database.db
        .select({ id: shops.id, name: shops.name, test: shops.test, createdAt: shops.createdAt })
        .from(shops)
        .orderBy(asc(shops.id));
      // Columns under a header, padded to the widest id.
      const idWidth = Math.max(2, ...rows.map((row) => String(row.id).length));
      const line = (id: string, mode: string, created: string, name: string) =>
        `${id.padEnd(idWidth)}  ${mode.padEnd(4)}  ${created.padEnd(24)}  ${name}`;
      if (rows.length > 0) console.log(line("id", "mode", "created", "name"));
      for (const row of rows) {
        console.log(line(String(row.id), row.test ? "test" : "live", row.createdAt.toISOString(), row.name));
      }
      if (rows.length === 0) console.log("No shops.");
      break;
    }
    case "events": {
      // Refusals of the card limits (card families, new cards a minute), newest first.
      const shopId = positionals[0] === undefined ? undefined : Number(positionals[0]);
      const limit = Number(values.limit);
      const events = await listSecurityEvents({ db: database.db, shopId, limit });
      for (const event of events) {
        const card = event.bin ? `${event.bin}…${event.last4}` : "";
        console.log(`${event.createdAt.toISOString()}\tshop ${event.shopId}\t${event.kind}\t${card}`);
      }
      if (events.length === 0) console.log("No security events.");
      break;
    }
  }
} finally {
  await database.close();
}
