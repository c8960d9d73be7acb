import { DEMO_SHOPS } from "@/lib/demo-shops";

export default function HomePage() {
  return (
    <main>
      <h1>Tessera</h1>
      <p>
        Hosted card checkout and card tokenization. This server runs the gateway API under{" "}
        <code>/gateway</code>.
      </p>
      <h2>Try it</h2>
      <ul>
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
