import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { demoOutcome } from "@/lib/demo/demo-payment";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import { getCheckoutClient, isCheckoutToken } from "@/lib/gateway-client";
import { getConfig } from "@/lib/server/config";
import "../demo.css";

export const metadata: Metadata = { title: "Demo shop: back from checkout" };

type Query = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * Where the demo merchant's success, decline, fail and cancel URLs point. It shows the query the shopper's browser
 * brought back and, as a merchant should before shipping the order, what the gateway itself says about the session
 * and its payment.
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
  const outcome = verified?.ok ? demoOutcome(verified.data) : null;
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
      {outcome ? (
        <>
          <p className="demo-outcome" data-verified="summary">
            {outcome.summary}
          </p>
          <dl className="demo-verified">
            <dt>Session status</dt>
            <dd data-verified="status">{outcome.sessionStatus}</dd>
            {outcome.payment ? (
              <>
                <dt>Transaction</dt>
                <dd data-verified="type">{outcome.payment.type}</dd>
                <dt>Transaction status</dt>
                <dd data-verified="payment-status">
                  {outcome.payment.status}
                  {outcome.payment.message ? ` (${outcome.payment.message})` : null}
                </dd>
                <dt>Amount</dt>
                <dd data-verified="amount">{outcome.payment.amount}</dd>
                <dt>Transaction uid</dt>
                <dd data-verified="uid">{outcome.payment.uid}</dd>
                <dt>Receipt</dt>
                <dd data-verified="receipt">
                  {outcome.payment.receiptUrl ? (
                    <a href={outcome.payment.receiptUrl}>Open the receipt</a>
                  ) : (
                    "none (only a successful payment has one)"
                  )}
                </dd>
                <dt>Card</dt>
                <dd data-verified="card">{outcome.payment.card}</dd>
                <dt>Card token</dt>
                <dd data-verified="card-token">
                  {outcome.payment.cardTokenReceived
                    ? "received: the card is stored for later payments (the token stays on the merchant's server)"
                    : "none"}
                </dd>
              </>
            ) : null}
          </dl>
        </>
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
