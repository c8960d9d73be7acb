import { and, eq } from "drizzle-orm";
import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import { SHOPPER_EMAIL_ID_PATTERN, type ShopperEmailMessage } from "@/lib/contracts/shopper-emails";
import { type ShopperEmailRow, shopperEmails } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { renderShopperEmail } from "./render-shopper-email";
import { shopperEmailFromRow, shopperEmailPayloadOf } from "./shopper-email-view";

/** The shop's e-mail with this id; `404 Record not found` for an unknown id or another shop's. */
export async function findShopperEmail(
  deps: Pick<GatewayDeps, "db">,
  shopId: number,
  id: string,
): Promise<ShopperEmailRow> {
  if (!SHOPPER_EMAIL_ID_PATTERN.test(id)) throw new GatewayError("record_not_found");
  const [row] = await deps.db
    .select()
    .from(shopperEmails)
    .where(and(eq(shopperEmails.id, id), eq(shopperEmails.shopId, shopId)));
  if (!row) throw new GatewayError("record_not_found");
  return row;
}

/** GET /emails/{id}: the e-mail with its message rendered as it is sent (HTML and plain text). */
export async function getShopperEmail(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  id: string;
}): Promise<ShopperEmailMessage> {
  const row = await findShopperEmail(options.deps, options.shopId, options.id);
  const message = await renderShopperEmail({
    kind: row.kind as ShopperEmailKind,
    language: row.language,
    payload: shopperEmailPayloadOf(row),
  });
  return { ...shopperEmailFromRow(row), html: message.html, text: message.text };
}
