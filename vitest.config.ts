import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
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
