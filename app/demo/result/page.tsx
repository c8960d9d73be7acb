import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getConfig } from "@/lib/config";
import { DEMO_SHOPS } from "@/lib/demo-shops";
import { getCheckoutClient, isCheckoutToken } from "@/lib/gateway-client";
import "../demo.css";

export const metadata: Metadata = { title: "Demo shop: back from checkout" };

type Query = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * The stored card as a shopper may see it: brand and last 4 digits, never the token (a page is no place for a
 * credential the merchant charges with).
 */
function describeCard(card: { brand: string | null; last_4: string | null } | undefined): string {
  if (!card?.last_4) return "none";
  return `${card.brand ?? "card"} ending in ${card.last_4}`;
}

/**
 * Where the demo merchant's success, decline, fail and cancel URLs point. It shows the query the shopper's browser
 * brought back and, as a merchant should, what the gateway itself says about the session.
 */
export default async function DemoResultPage({ searchParams }: { searchParams: Promise<Query> }) {
  if (!getConfig().demoShops) notFound();
  const query = await searchParams;
  const token = first(query.token);
  const shop = DEMO_SHOPS.find((candidate) => String(candidate.id) === first(query.shop));
  const verified =
    shop && isCheckoutToken(token)
      ? await getCheckoutClient().getMerchantCheckout({ shopId: shop.id, secretKey: shop.secretKey }, token)
      : null;
  const received = Object.entries(query).map(([name, value]) => [name, first(value) ?? ""] as const);

  return (
    <main className="demo">
      <h1>Back at the demo shop</h1>
      <h2>What the merchant received</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Query parameter</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {received.map(([name, value]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td data-param={name}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>What the gateway confirms</h2>
      {verified?.ok ? (
        <dl className="demo-verified">
          <dt>Session status</dt>
          <dd data-verified="status">{verified.data.status}</dd>
          <dt>Card</dt>
          <dd data-verified="card">
            {describeCard(verified.data.gateway_response?.transaction.credit_card)}
          </dd>
        </dl>
      ) : (
        <p>The query does not name a session of a demo shop, so there is nothing to confirm.</p>
      )}
      <p>
        A merchant trusts only the second part: the query can be typed by anyone, the gateway's answer
        (fetched with the shop's credentials) cannot.
      </p>
      <p>
        <a href="/">Back to the demo shop</a>
      </p>
    </main>
  );
}
