import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import { type GatewayProcess, startGatewayProcess } from "../gateway-process";

/**
 * beGateway's PHP client's own `GetPaymentTokenTest::testRedirectUrl`, run unchanged with PHPUnit against the gateway
 * on its own port: a checkout's `redirect_url` is `{checkout base}/widget/hpp.html?token=<token>`. The client is
 * public and not part of this repository: it is read at test time from a fetched copy of
 * github.com/begateway/begateway-api-php (BEGATEWAY_PHP_DIR, a git directory); without it, or without `php` and
 * `phpunit`, the test is skipped and says why.
 */
const GIT_DIR = process.env.BEGATEWAY_PHP_DIR ?? "/work/.mirror/begateway+begateway-api-php/repo";

function missing(): string | null {
  if (!fs.existsSync(GIT_DIR)) {
    return `no copy of begateway-api-php at ${GIT_DIR} (fetch github.com/begateway/begateway-api-php, or set BEGATEWAY_PHP_DIR)`;
  }
  for (const tool of ["php", "phpunit"]) {
    if (spawnSync(tool, ["--version"]).status !== 0) return `${tool} is not installed on this machine`;
  }
  return null;
}

const why = missing();
if (why) console.warn(`begateway-php-redirect: skipped, ${why}`);

describe.skipIf(why !== null)("beGateway's PHP client", () => {
  let gateway: GatewayProcess;
  let workDir: string;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-begateway-php-"));
    // The client's files at its newest commit, outside this repository.
    const archive = path.join(workDir, "client.tar");
    execFileSync("git", ["--git-dir", GIT_DIR, "archive", "--format=tar", "-o", archive, "HEAD"]);
    execFileSync("tar", ["-xf", archive, "-C", workDir]);
    gateway = await startGatewayProcess();
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it("passes GetPaymentTokenTest::testRedirectUrl against this gateway", () => {
    // The gateway as the client's checkout base (its default PUBLIC_URL: localhost and its port), the autoloading
    // Composer would set up, and a demo shop's credentials through the variables the client's tests read.
    const base = gateway.origin.replace("127.0.0.1", "localhost");
    const bootstrap = path.join(workDir, "tessera-bootstrap.php");
    fs.writeFileSync(
      bootstrap,
      `<?php
spl_autoload_register(function ($class) {
  foreach (['BeGateway\\\\' => __DIR__ . '/lib/', 'Tests\\\\' => __DIR__ . '/tests/'] as $prefix => $dir) {
    if (strncmp($class, $prefix, strlen($prefix)) === 0) {
      $file = $dir . str_replace('\\\\', '/', substr($class, strlen($prefix))) . '.php';
      if (is_file($file)) require $file;
    }
  }
});
\\BeGateway\\Settings::$checkoutBase = ${JSON.stringify(base)};
\\BeGateway\\Settings::$gatewayBase = ${JSON.stringify(base)};
\\BeGateway\\Settings::$apiBase = ${JSON.stringify(base)};
`,
    );
    const [shop] = DEMO_SHOPS;
    const run = spawnSync(
      "phpunit",
      [
        "--no-configuration",
        "--bootstrap",
        bootstrap,
        "--filter",
        "testRedirectUrl",
        "tests/BeGateway/GetPaymentTokenTest.php",
      ],
      {
        cwd: workDir,
        encoding: "utf8",
        env: { ...process.env, SHOP_ID: String(shop.id), SHOP_SECRET_KEY: shop.secretKey },
        timeout: 60_000,
      },
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/OK \(1 test, \d+ assertions\)/);
  }, 90_000);
});
