import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // Vitest runs one file at a time on a 2-core machine (cores - 1), yet the suite waits on much besides its own
    // CPU: child processes, PostgreSQL, timers, local HTTP servers. Three files at once there take the suite from 11
    // to 7.5 minutes; larger machines keep one per core.
    maxWorkers: Math.max(3, os.availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts"],
          environment: "node",
          // A few unit tests open an embedded database: slow to start on a busy machine.
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "gateway",
          include: ["tests/gateway/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
