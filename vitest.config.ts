import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Gateway test files whose every test runs the product on an embedded database of its own (or on none), whatever
 * TEST_DATABASE says: commands and servers started as processes with a DATA_DIR. The PostgreSQL run (`npm run
 * test:postgres`) would repeat them to the letter, so it leaves them out. A file that starts using the test's
 * database must leave this list (tests/gateway/store-independent-files.test.ts fails until it does).
 */
export const STORE_INDEPENDENT_TEST_FILES = [
  "tests/gateway/merchant-api/begateway-compat.test.ts",
  "tests/gateway/merchant-api/begateway-php.test.ts",
  "tests/gateway/operations/demo-shops.test.ts",
  "tests/gateway/operations/env-file-script.test.ts",
  "tests/gateway/operations/failed-start.test.ts",
  "tests/gateway/operations/first-hour.test.ts",
  "tests/gateway/operations/gateway-script.test.ts",
  "tests/gateway/operations/observability-process.test.ts",
  "tests/gateway/operations/operator-errors.test.ts",
  "tests/gateway/operations/proxy-health-checks.test.ts",
  "tests/gateway/operations/server-shutdown.test.ts",
  "tests/gateway/products/products-begateway.test.ts",
  "tests/gateway/subscriptions/subscriptions-command.test.ts",
];

/**
 * Gateway test files that replace a module of the product (`vi.mock`). The gateway files share each worker's
 * modules (`isolate: false`: importing the product once per worker rather than once per file took the suite from
 * 17 to 5 minutes on two cores), and a replacement only takes where the module is imported afresh, so these run
 * isolated, in a project of their own. tests/gateway/module-mocks.test.ts fails for a file that mocks and is missing.
 */
export const MODULE_MOCKING_TEST_FILES = ["tests/gateway/merchant-api/idempotency-after-acquirer.test.ts"];

const gatewayTest = {
  environment: "node",
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // Vitest runs one file at a time on a 2-core machine (cores - 1), yet the suite waits on much besides its own
    // CPU: child processes, PostgreSQL, timers, local HTTP servers. Three files at once there take the suite from 11
    // to 7.5 minutes; larger machines keep one per core.
    maxWorkers: Math.max(3, os.availableParallelism()),
    globalSetup: ["tests/global-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts"],
          environment: "node",
          // A few unit tests open an embedded database or do much work (100,000 encryptions, every e-mail in
          // every language): slow on a busy machine.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          ...gatewayTest,
          name: "gateway",
          include: ["tests/gateway/**/*.test.ts"],
          exclude: [
            ...MODULE_MOCKING_TEST_FILES,
            ...(process.env.TEST_DATABASE === "postgres" ? STORE_INDEPENDENT_TEST_FILES : []),
          ],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...gatewayTest, name: "gateway-isolated", include: MODULE_MOCKING_TEST_FILES },
      },
    ],
  },
});
