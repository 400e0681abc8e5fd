import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const local = (p: string) => fileURLToPath(new URL(`./node_modules/${p}`, import.meta.url));

/**
 * Packages hoisted to the root node_modules that import react: the root also holds react 18
 * (pulled by sst), so they are inlined to be resolved by Vite with `dedupe` (react 19 of web/).
 */
const HOISTED_REACT_USERS = [
  "@mantine/core",
  "@mantine/hooks",
  "@mantine/dates",
  "@mantine/form",
  "@mantine/modals",
  "@mantine/notifications",
  "mantine-datatable",
  "swr",
  "@tabler/icons-react",
  "react-remove-scroll",
  "react-remove-scroll-bar",
  "react-style-singleton",
  "use-callback-ref",
  "use-sidecar",
  "@tanstack/react-table",
  "react-plotly.js",
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    dedupe: ["react", "react-dom", "react/jsx-runtime"],
    alias: [
      { find: /^react$/, replacement: local("react/index.js") },
      { find: /^react\/jsx-runtime$/, replacement: local("react/jsx-runtime.js") },
      { find: /^react\/jsx-dev-runtime$/, replacement: local("react/jsx-dev-runtime.js") },
      { find: /^react-dom$/, replacement: local("react-dom/index.js") },
      { find: /^react-dom\/client$/, replacement: local("react-dom/client.js") },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL("./src/test/use-sync-external-store-shim.ts", import.meta.url)),
      },
    ],
  },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    testTimeout: 15_000,
    server: { deps: { inline: HOISTED_REACT_USERS } },
    deps: {
      optimizer: {
        client: { enabled: true, include: HOISTED_REACT_USERS },
        ssr: { enabled: true, include: HOISTED_REACT_USERS },
      },
    },
  },
});
