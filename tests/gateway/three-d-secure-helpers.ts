import { eq } from "drizzle-orm";
import { cards, notificationDeliveries, threeDSecureChallenges, transactions } from "@/lib/db/schema";
import {
  callJson,
  type JsonBody,
  postTokenization,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
} from "./harness";

/** An answer of the issuer's pages: HTML, or a redirect (never followed here). */
export interface PageResponse {
  status: number;
  headers: Headers;
  html: string;
  location: string | null;
}

async function pageResponse(response: Response): Promise<PageResponse> {
  return {
    status: response.status,
    headers: response.headers,
    html: await response.text(),
    location: response.headers.get("location"),
  };
}

/** GET {base_url}/process/{uid}{suffix}, as the shopper's browser. */
export async function openPage(gateway: TestGateway, uid: string, suffix = ""): Promise<PageResponse> {
  return pageResponse(await fetch(`${gateway.url}/process/${uid}${suffix}`, { redirect: "manual" }));
}

/** Submits one of the pages' forms (application/x-www-form-urlencoded). */
export async function submitForm(
  gateway: TestGateway,
  uid: string,
  fields: Record<string, string>,
  suffix = "",
): Promise<PageResponse> {
  const response = await fetch(`${gateway.url}/process/${uid}${suffix}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return pageResponse(response);
}

/** The one-time code a test-mode challenge page shows. */
export function shownCode(html: string): string {
  const match = /id="test-code"[^>]*>[^<]*<strong>(\d{6})<\/strong>/.exec(html);
  if (!match) throw new Error("The page shows no one-time code");
  return match[1];
}

export async function tokenize(
  gateway: TestGateway,
  shop: TestShop,
  number: string,
  overrides: Record<string, unknown> = {},
  card: Record<string, unknown> = {},
): Promise<JsonBody> {
  const response = await postTokenization(
    gateway,
    shop,
    tokenizationRequest({ duplicate_check: false, ...overrides }, { number, ...card }),
  );
  if (response.status !== 200)
    throw new Error(`Tokenization answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.transaction;
}

/** The transaction as the merchant reads it through the API. */
export async function queryTransaction(gateway: TestGateway, shop: TestShop, uid: string): Promise<JsonBody> {
  const response = await callJson(gateway, `/transactions/${uid}`, { shop });
  if (response.status !== 200) throw new Error(`Query answered ${response.status}`);
  return response.body.transaction;
}

export async function storedRows(gateway: TestGateway, uid: string) {
  const { db } = gateway.runtime.deps;
  const [transaction] = await db.select().from(transactions).where(eq(transactions.uid, uid));
  const [challenge] = await db
    .select()
    .from(threeDSecureChallenges)
    .where(eq(threeDSecureChallenges.transactionUid, uid));
  const deliveries = await db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.transactionUid, uid));
  return { transaction, challenge, deliveries };
}

export async function cardExists(gateway: TestGateway, token: string): Promise<boolean> {
  const rows = await gateway.runtime.deps.db.select().from(cards).where(eq(cards.token, token));
  return rows.length === 1;
}
