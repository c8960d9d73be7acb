import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractPhpClient, phpClientMissing, runPhpClientTest } from "../begateway-php";
import { type GatewayProcess, startGatewayProcess } from "../gateway-process";

/**
 * beGateway's PHP client's own `GetPaymentTokenTest::testRedirectUrl`, run unchanged with PHPUnit against the gateway
 * on its own port: a checkout's `redirect_url` is `{checkout base}/widget/hpp.html?token=<token>`. Skipped, saying
 * why, without a fetched copy of the client or without `php` and `phpunit` (see ../begateway-php.ts).
 */
const why = phpClientMissing();
if (why) console.warn(`begateway-php-redirect: skipped, ${why}`);

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

  it("passes GetPaymentTokenTest::testRedirectUrl against this gateway", () => {
    const run = runPhpClientTest({
      workDir,
      origin: gateway.origin,
      file: "tests/BeGateway/GetPaymentTokenTest.php",
      filter: "testRedirectUrl",
    });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/OK \(1 test, \d+ assertions\)/);
  }, 90_000);
});
