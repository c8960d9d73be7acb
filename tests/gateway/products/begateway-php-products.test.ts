import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractPhpClient, phpClientMissing, runPhpClientTest } from "../begateway-php";
import { type GatewayProcess, startGatewayProcess } from "../gateway-process";

/**
 * beGateway's PHP client's own `ProductTest`, the whole file run unchanged with PHPUnit against the gateway on its
 * own port: products are created through `POST /products`, their pay link is `{checkout base}/v2/confirm_order/
 * {id}/{shop id}` and their pay URL `{API base}/products/{id}/pay`, and a zero amount with an empty description is
 * an error. Skipped, saying why, without a fetched copy of the client or without `php` and `phpunit` (see
 * ../begateway-php.ts); products-begateway.test.ts sends the same requests without PHP.
 */
const why = phpClientMissing();
if (why) console.warn(`begateway-php-products: skipped, ${why}`);

describe.skipIf(why !== null)("beGateway's PHP client's ProductTest", () => {
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

  it("passes every test of tests/BeGateway/ProductTest.php against this gateway", () => {
    const run = runPhpClientTest({
      workDir,
      origin: gateway.origin,
      file: "tests/BeGateway/ProductTest.php",
    });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/OK \(\d+ tests, \d+ assertions\)/);
    expect(run.output).not.toMatch(/Skipped|Incomplete|Risky/);
  }, 90_000);
});
