import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractPhpClient, phpClientMissing, runPhpClientTest } from "../begateway-php";
import { type GatewayProcess, startGatewayProcess } from "../gateway-process";

/**
 * beGateway's PHP client's own tests, run unchanged with PHPUnit against one gateway on its own port. Skipped, saying
 * why, without a fetched copy of the client or without `php` and `phpunit` (see ../begateway-php.ts); the gateway's
 * own tests send the same requests without PHP (begateway-compat.test.ts, products/products-begateway.test.ts).
 */
const why = phpClientMissing();
if (why) console.warn(`begateway-php: skipped, ${why}`);

describe.skipIf(why !== null)("beGateway's PHP client", () => {
  let gateway: GatewayProcess;
  let workDir: string;

  beforeAll(async () => {
    workDir = extractPhpClient();
    gateway = await startGatewayProcess();
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  // A checkout's `redirect_url` is `{checkout base}/widget/hpp.html?token=<token>`.
  it("passes GetPaymentTokenTest::testRedirectUrl", () => {
    const run = runPhpClientTest({
      workDir,
      origin: gateway.origin,
      file: "tests/BeGateway/GetPaymentTokenTest.php",
      filter: "testRedirectUrl",
    });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/OK \(1 test, \d+ assertions\)/);
  }, 90_000);

  // Products are created through `POST /products`, their pay link is `{checkout base}/v2/confirm_order/{id}/{shop
  // id}` and their pay URL `{API base}/products/{id}/pay`, and a zero amount with an empty description is an error.
  it("passes every test of ProductTest", () => {
    const run = runPhpClientTest({
      workDir,
      origin: gateway.origin,
      file: "tests/BeGateway/ProductTest.php",
    });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/OK \(\d+ tests, \d+ assertions\)/);
    expect(run.output).not.toMatch(/Skipped|Incomplete|Risky/);
  }, 90_000);

  // Captures, voids and refunds (their rules decided and their bodies built by the database), the queries, card
  // tokenization and payouts, as the client sends and reads them. (PaymentOperationTest and
  // AuthorizationOperationTest each have one test sending a 3-D Secure payment without a return_url, which the
  // gateway refuses: docs/decisions.md.)
  it.each([
    "CaptureOperationTest",
    "VoidOperationTest",
    "RefundOperationTest",
    "QueryByUidTest",
    "QueryByTrackingIdTest",
    "CreditCardTokenizationTest",
    "CreditOperationTest",
  ])(
    "passes every test of %s",
    (name) => {
      const run = runPhpClientTest({ workDir, origin: gateway.origin, file: `tests/BeGateway/${name}.php` });
      expect(run.status, run.output).toBe(0);
      expect(run.output).toMatch(/OK \(\d+ tests?, \d+ assertions\)/);
      expect(run.output).not.toMatch(/Skipped|Incomplete|Risky/);
    },
    90_000,
  );
});
