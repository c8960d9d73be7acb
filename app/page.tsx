import { formatAmount } from "@/lib/contracts/format-amount";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import { getConfig } from "@/lib/server/config";
import { startDemoCheckout } from "./demo/demo-checkout";
import { DEMO_PRODUCT } from "./demo/product";
import "./demo/demo.css";

/**
 * A demo merchant in test mode: its "Pay" button creates a payment checkout session through the public API and
 * sends the shopper to the hosted payment page, so a fresh start shows the whole purchase.
 */
export default async function HomePage({ searchParams }: { searchParams: Promise<{ checkout?: string }> }) {
  // The demo shops' keys are published: in production (unless DEMO_SHOPS=true) there is no demo to serve.
  if (!getConfig().demoShops) return <NoDemo />;
  const { checkout } = await searchParams;
  const price = formatAmount(DEMO_PRODUCT.amount, DEMO_PRODUCT.currency, "en");
  return (
    <main className="demo">
      <h1>Tessera</h1>
      <p>
        Hosted card checkout and card gateway. This page is a demo shop in test mode: Pay takes you to the
        hosted payment page, where a test card buys the mug through the sandbox acquirer (no real money
        moves), and back here to see the payment the shop received.
      </p>

      <section className="demo-product" aria-labelledby="product-title">
        <h2 id="product-title">{DEMO_PRODUCT.name}</h2>
        <p className="demo-product__price">{price}</p>
        {checkout === "unavailable" ? (
          <p className="demo-alert" role="alert">
            The payment page could not be opened. Check that the gateway is running and try again.
          </p>
        ) : null}
        <form action={startDemoCheckout}>
          <fieldset className="demo-choice">
            <legend>Payment</legend>
            <label>
              <input type="radio" name="shop" value="1" defaultChecked /> Card (shop 1, without 3-D Secure)
            </label>
            <label>
              <input type="radio" name="shop" value="2" /> Card with 3-D Secure (shop 2)
            </label>
          </fieldset>
          <button type="submit" className="demo-button">
            Pay {price}
          </button>
        </form>
      </section>

      <h2>Try it</h2>
      <ul>
        <li>
          <a href="/admin">Admin area</a> (sign in with a demo shop below)
        </li>
        <li>
          <a href="/gateway/openapi.json">OpenAPI document</a>
        </li>
        <li>
          <a href="/gateway/health">Health check</a>
        </li>
      </ul>
      <h2>Demo shops (test mode)</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Shop id</th>
            <th scope="col">Secret key</th>
            <th scope="col">Name</th>
          </tr>
        </thead>
        <tbody>
          {DEMO_SHOPS.map((shop) => (
            <tr key={shop.id}>
              <td>{shop.id}</td>
              <td>
                <code>{shop.secretKey}</code>
              </td>
              <td>{shop.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

function NoDemo() {
  return (
    <main className="demo">
      <h1>Tessera</h1>
      <p>Hosted card checkout and card gateway. This deployment does not run the demo shop.</p>
      <p className="demo-why">
        Why: the demo shops&rsquo; secret keys are published, so a production start (NODE_ENV=production)
        serves the demo only when its operator sets DEMO_SHOPS=true, and DEMO_SHOPS=false turns it off
        anywhere. A plain <code>npm start</code> runs it.
      </p>
      <p>
        Merchants: the <a href="/admin">admin area</a> and the <a href="/gateway/openapi.json">API</a>.
      </p>
    </main>
  );
}
