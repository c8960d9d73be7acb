import { and, eq, sql } from "drizzle-orm";
import { isExpired } from "@/lib/contracts/credit-card";
import {
  type CardTokenRequest,
  type CardTokenResponse,
  parseCardTokenRequest,
} from "@/lib/contracts/credit-card-token";
import { isPlainObject } from "@/lib/contracts/fields";
import { DATE_EXPIRED } from "@/lib/contracts/messages";
import { TOKEN_DOES_NOT_EXIST } from "@/lib/contracts/payment";
import { cards, vaultKeys } from "@/lib/db/schema";
import { shopCardWithToken } from "../cards/card-by-token";
import { describeCard } from "../cards/describe-card";
import { sightCard } from "../cards/sight-card";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { revealCardNumber, sealCardNumber } from "../vault/card-vault";
import { DATA_KEY_ROTATION_LOCK_ID } from "../vault/rotate-keys";
import { generateCardToken } from "../vault/tokens";
import { cardTokenView } from "./card-token-view";

export interface SaveCardTokenOptions {
  deps: Pick<GatewayDeps, "db" | "logger" | "clock" | "keyring" | "cardSightings">;
  shop: AuthenticatedShop;
  /** The card to store or the stored card's changes, as `validateCardToken` answers them. */
  request: CardTokenRequest;
}

/**
 * The card tokens API's body, `{ "request": { ... } }` (POST /credit_cards and its other forms), as the typed request
 * `saveCardToken` takes, or its 422. `pathToken` is the token in the path (`POST /credit_cards/{token}`,
 * `PUT /v2/credit_cards/{token}`), if any: it is the request's token, whatever the body says.
 */
export function validateCardToken(
  deps: Pick<GatewayDeps, "clock">,
  body: unknown,
  pathToken?: string,
): CardTokenRequest {
  const parsed = parseCardTokenRequest(withPathToken(body, pathToken), { now: deps.clock.now() });
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  return parsed.value;
}

/**
 * POST /credit_cards: stores a card without a transaction and returns its token; with a token (in the body or
 * the path), changes that stored card's holder and expiry instead and returns the same token. A token of another
 * shop is answered like one that does not exist. The stored card has no contract: it serves shopper-present
 * charges with the security code, and payouts.
 */
export async function saveCardToken(options: SaveCardTokenOptions): Promise<CardTokenResponse> {
  const { deps, shop, request } = options;
  const token = request.token;
  if (token) return updateCard(deps, shop, token, request);
  const number = request.number as string;
  // The answer carries the card's stamp: the number counts against the card-family and new-card limits first, as a
  // tokenization's does, so stored cards cannot be found by storing guesses and comparing stamps.
  await sightCard({ deps, shop, number, card: describeCard(number) });
  const record = {
    token: generateCardToken(),
    shopId: shop.id,
    stamp: deps.keyring.hashes.cardStamp({ shopId: shop.id, number }),
    expMonth: request.exp_month as number,
    expYear: request.exp_year as number,
    holder: request.holder ?? null,
  };
  await insertUnderActiveKey(deps, record, number);
  return cardTokenView(record, number);
}

/** A token in the path is the request's token, whatever the body says. */
function withPathToken(body: unknown, pathToken: string | undefined): unknown {
  if (pathToken === undefined) return body;
  const request = isPlainObject(body) && isPlainObject(body.request) ? body.request : {};
  return { ...(isPlainObject(body) ? body : {}), request: { ...request, token: pathToken } };
}

async function updateCard(
  deps: Pick<GatewayDeps, "db" | "clock" | "keyring">,
  shop: AuthenticatedShop,
  token: string,
  request: { holder?: string; exp_month?: number; exp_year?: number },
): Promise<CardTokenResponse> {
  const [stored] = await deps.db.select().from(cards).where(shopCardWithToken(token, shop.id));
  if (!stored) throw GatewayError.validation({ token: [TOKEN_DOES_NOT_EXIST] });
  const expMonth = request.exp_month ?? stored.expMonth;
  const expYear = request.exp_year ?? stored.expYear;
  if (isExpired(expMonth, expYear, deps.clock.now())) {
    throw GatewayError.validation({ exp_year: [DATE_EXPIRED] });
  }
  const [updated] = await deps.db
    .update(cards)
    .set({ expMonth, expYear, holder: request.holder ?? stored.holder })
    .where(shopCardWithToken(token, shop.id))
    .returning();
  if (!updated) throw GatewayError.validation({ token: [TOKEN_DOES_NOT_EXIST] });
  return cardTokenView(updated, await revealCardNumber(deps.keyring, updated));
}

/**
 * Inserts the card sealed under the active data key, as the batch writer does: under the rotation lock, shared, a
 * key the rotation retired meanwhile is seen, and the number is sealed again under the new one.
 */
async function insertUnderActiveKey(
  deps: Pick<GatewayDeps, "db" | "keyring">,
  record: {
    token: string;
    shopId: number;
    stamp: string;
    expMonth: number;
    expYear: number;
    holder: string | null;
  },
  number: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const sealed = sealCardNumber(deps.keyring, record.token, number);
    const written = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${DATA_KEY_ROTATION_LOCK_ID})`);
      const [active] = await tx
        .select({ id: vaultKeys.id })
        .from(vaultKeys)
        .where(and(eq(vaultKeys.id, sealed.keyId), eq(vaultKeys.active, true)));
      if (!active) return false;
      await tx.insert(cards).values({ ...record, ...sealed });
      return true;
    });
    if (written) return;
    if (attempt >= 3) throw new Error("No active data key to seal a card under");
    await deps.keyring.refresh();
  }
}
