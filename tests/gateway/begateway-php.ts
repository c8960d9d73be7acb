import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";

/**
 * beGateway's PHP client (github.com/begateway/begateway-api-php), its own PHPUnit tests run unchanged against the
 * gateway. The client is public and not part of this repository: it is read at test time from a fetched copy
 * (BEGATEWAY_PHP_DIR, a git directory); without it, or without `php` and `phpunit`, the tests that need it are
 * skipped and say why.
 */
export const BEGATEWAY_PHP_GIT_DIR =
  process.env.BEGATEWAY_PHP_DIR ?? "/work/.mirror/begateway+begateway-api-php/repo";

/** Why the PHP client's tests cannot run here, or null when they can. */
export function phpClientMissing(): string | null {
  if (!fs.existsSync(BEGATEWAY_PHP_GIT_DIR)) {
    return `no copy of begateway-api-php at ${BEGATEWAY_PHP_GIT_DIR} (fetch github.com/begateway/begateway-api-php, or set BEGATEWAY_PHP_DIR)`;
  }
  for (const tool of ["php", "phpunit"]) {
    if (spawnSync(tool, ["--version"]).status !== 0) return `${tool} is not installed on this machine`;
  }
  return null;
}

/** The client's files at its newest commit, in a new folder outside this repository. */
export function extractPhpClient(): string {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-begateway-php-"));
  const archive = path.join(workDir, "client.tar");
  execFileSync("git", ["--git-dir", BEGATEWAY_PHP_GIT_DIR, "archive", "--format=tar", "-o", archive, "HEAD"]);
  execFileSync("tar", ["-xf", archive, "-C", workDir]);
  return workDir;
}

/**
 * Runs one of the client's test files (optionally one test of it) with PHPUnit, the gateway at `origin` as all
 * three of the client's bases (checkout, gateway, API) with `localhost` for its host (the gateway's default
 * PUBLIC_URL), the autoloading Composer would set up, and the demo shops' credentials through the variables the
 * client's tests read (the second, with 3-D Secure, for its 3-D Secure tests).
 */
export function runPhpClientTest(options: {
  workDir: string;
  origin: string;
  file: string;
  filter?: string;
}): { status: number | null; output: string } {
  const base = options.origin.replace("127.0.0.1", "localhost");
  const bootstrap = path.join(options.workDir, "tessera-bootstrap.php");
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
  const [shop, threeDSecureShop] = DEMO_SHOPS;
  const run = spawnSync(
    "phpunit",
    [
      "--no-configuration",
      "--bootstrap",
      bootstrap,
      ...(options.filter ? ["--filter", options.filter] : []),
      options.file,
    ],
    {
      cwd: options.workDir,
      encoding: "utf8",
      env: {
        ...process.env,
        SHOP_ID: String(shop.id),
        SHOP_SECRET_KEY: shop.secretKey,
        // The shop the client's 3-D Secure tests use.
        SHOP_ID_3D: String(threeDSecureShop.id),
        SHOP_SECRET_KEY_3D: threeDSecureShop.secretKey,
      },
      timeout: 60_000,
    },
  );
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}
