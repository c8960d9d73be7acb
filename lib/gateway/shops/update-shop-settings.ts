import { isDeepStrictEqual } from "node:util";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  addError,
  type ErrorTree,
  errorTreeFromZod,
  isEmptyErrorTree,
  mergeErrorTrees,
} from "@/lib/contracts/errors";
import { isPlainObject } from "@/lib/contracts/fields";
import { frameAncestorOrigin } from "@/lib/contracts/frame-ancestors";
import type { ShopProfile } from "@/lib/contracts/merchant";
import {
  BLANK,
  greaterThan,
  greaterThanOrEqualTo,
  INVALID,
  lessThanOrEqualTo,
  NOT_A_NUMBER,
  NOT_A_STRING,
  NOT_AN_ARRAY,
  NOT_AN_INTEGER,
  NOT_AN_OBJECT,
  NOT_BOOLEAN,
  NOT_INCLUDED,
  tooLong,
  tooShort,
} from "@/lib/contracts/messages";
import { type ShopSettings, shopSettingsSchema } from "@/lib/contracts/shop-settings";
import type { Database } from "@/lib/db/client";
import { shops } from "@/lib/db/schema";
import type { Config } from "@/lib/server/config";
import type { Clock } from "../clock";
import { GatewayError } from "../errors";
import { checkMerchantUrls } from "../net/merchant-url-policy";
import type { Keyring } from "../vault/keyring";
import type { ShopDirectory } from "./shop-directory";
import { getShopProfile } from "./shop-profile";

/** Settings the operator clears a shop for (with its acquirer); the merchant sees them but cannot change them. */
export const OPERATOR_SETTINGS = [
  "skip_three_d_secure_allowed",
  "force_three_d_secure_allowed",
  "gateway_id",
  "payouts_allowed",
  "payout_limit",
  "payout_daily_limit",
  "payout_currencies",
  "customer_email_limit_per_hour",
  "dispute_fee",
] as const satisfies readonly (keyof ShopSettings)[];

export const CANT_BE_CHANGED_BY_SHOP = "can't be changed by the shop";
/** A frame_ancestors entry that is not a plain http(s) origin (a wildcard host, say). */
export const NOT_AN_ORIGIN = "must be an http(s) origin without wildcards";

const TYPE_MESSAGES: Record<string, string> = {
  boolean: NOT_BOOLEAN,
  array: NOT_AN_ARRAY,
  object: NOT_AN_OBJECT,
  string: NOT_A_STRING,
  number: NOT_A_NUMBER,
  int: NOT_AN_INTEGER,
};

/**
 * The gateway's Rails wording for zod's built-in checks of the settings schema. Messages the schema spells out
 * itself win over this map (zod gives schema-level messages precedence), so rules with their own wording keep it.
 */
function settingsIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return BLANK;
      return TYPE_MESSAGES[issue.expected] ?? INVALID;
    case "invalid_value":
      return NOT_INCLUDED;
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string") return tooLong(maximum);
      if (issue.origin === "array") return tooLong(maximum, "items");
      return lessThanOrEqualTo(maximum);
    }
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string") return tooShort(minimum);
      if (issue.origin === "array") return tooShort(minimum, "items");
      return issue.inclusive ? greaterThanOrEqualTo(minimum) : greaterThan(minimum);
    }
    case "custom":
      return undefined;
    default:
      return INVALID;
  }
}

/**
 * A PATCH applied to stored settings: nested objects merge key by key, arrays and values are replaced, and
 * `null` removes the key so the schema's default applies again.
 */
export function mergeSettings(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    // JSON.parse makes "__proto__" an own key; assigning it would swap the merged object's prototype.
    if (key === "__proto__") continue;
    if (value === null) delete merged[key];
    else if (isPlainObject(value) && isPlainObject(merged[key]))
      merged[key] = mergeSettings(merged[key], value);
    else merged[key] = value;
  }
  return merged;
}

const DEFAULT_SETTINGS = shopSettingsSchema.parse({});

/**
 * The settings a PATCH /shop changes, as sent: only their shape is known before they are merged over the stored
 * settings, and the merged whole is what is validated (`updateShopSettings`).
 */
export type ShopSettingsPatch = Record<string, unknown>;

/**
 * PATCH /shop's body, `{"settings": {...}}`, as the patch `updateShopSettings` takes, or its 422 when `settings`
 * is missing or not an object. Its values are judged with the stored settings, under the shop's row lock.
 */
export function validateShopSettingsPatch(body: unknown): ShopSettingsPatch {
  const patch = isPlainObject(body) ? body.settings : undefined;
  if (!isPlainObject(patch)) {
    const sent = isPlainObject(body) && body.settings !== undefined && body.settings !== null;
    throw GatewayError.validation({ settings: [sent ? NOT_AN_OBJECT : BLANK] });
  }
  return patch;
}

/**
 * PATCH /shop: `{"settings": {...}}` with only the settings to change. The result is validated as a whole (a
 * rule may span several settings) under a row lock, so two concurrent changes to different settings both
 * survive. Errors are nested under `settings`, as in the request.
 */
export async function updateShopSettings(options: {
  deps: {
    db: Database;
    clock: Clock;
    /** The shop's webhook secret is opened for the profile it answers with. */
    keyring: Keyring;
    /** Its cached record is dropped, so the new settings take at once on this instance. */
    shops: ShopDirectory;
    config: Pick<Config, "allowHttpUrls" | "publicUrl">;
  };
  shopId: number;
  patch: ShopSettingsPatch;
}): Promise<ShopProfile> {
  const { deps, shopId, patch } = options;
  const profile = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: shops.settings })
      .from(shops)
      .where(eq(shops.id, shopId))
      .for("update");
    if (!row) throw new GatewayError("record_not_found");
    const current = shopSettingsSchema.parse(row.settings);

    const errors: ErrorTree = {};
    const changeable: Record<string, unknown> = { ...patch };
    for (const key of OPERATOR_SETTINGS) {
      if (!(key in patch)) continue;
      // Sending the current value back (a form posting every setting) is not a change.
      const wanted = patch[key] ?? DEFAULT_SETTINGS[key];
      if (!isDeepStrictEqual(wanted, current[key]))
        addError(errors, ["settings", key], CANT_BE_CHANGED_BY_SHOP);
      delete changeable[key];
    }
    const result = shopSettingsSchema.safeParse(mergeSettings(current, changeable), {
      error: settingsIssueMessage,
    });
    if (!result.success) {
      throw GatewayError.validation(mergeErrorTrees(errors, { settings: errorTreeFromZod(result.error) }));
    }
    // Framing only by plain origins: a wildcard host (https://*) is refused here, and ignored where a stored one is
    // read (lib/contracts/frame-ancestors.ts).
    if ("frame_ancestors" in changeable) {
      result.data.frame_ancestors.forEach((entry, index) => {
        if (frameAncestorOrigin(entry) === null) {
          addError(errors, ["settings", "frame_ancestors", String(index)], NOT_AN_ORIGIN);
        }
      });
    }
    // A plain-http framing origin or logo is readable and changeable by anyone on the path to the shopper: refused
    // where merchant URLs must be https (production, unless the operator allows http).
    const framing = "frame_ancestors" in changeable ? result.data.frame_ancestors : [];
    const logo =
      isPlainObject(changeable.branding) && "logo_url" in changeable.branding
        ? result.data.branding.logo_url
        : null;
    const plainHttp = checkMerchantUrls(deps.config, {
      ...Object.fromEntries(framing.map((entry, index) => [`settings.frame_ancestors.${index}`, entry])),
      "settings.branding.logo_url": logo,
      "settings.notification_url": "notification_url" in changeable ? result.data.notification_url : null,
    });
    const refused = mergeErrorTrees(errors, plainHttp);
    if (!isEmptyErrorTree(refused)) throw GatewayError.validation(refused);

    await tx
      .update(shops)
      .set({
        settings: result.data,
        updatedAt: deps.clock.isFixed ? deps.clock.now() : sql`clock_timestamp()`,
      })
      .where(eq(shops.id, shopId));
    return getShopProfile({ deps, shopId, db: tx });
  });
  deps.shops.invalidate(shopId);
  return profile;
}
