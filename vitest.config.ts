import { defineConfig } from "vitest/config";

/** `npm test` runs every project: server-side (API, engines, stacks, browser e2e) and the SPA's component tests. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          setupFiles: ["test/support/fast-check-seed.ts"],
          include: ["packages/*/src/**/*.test.ts", "functions/src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["test/e2e/**", "**/node_modules/**"],
          environment: "node",
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      "web/vitest.config.ts",
    ],
  },
});
