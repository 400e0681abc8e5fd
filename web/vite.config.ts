import type { IncomingMessage } from "node:http";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

const SERVER = process.env.STRATA_SERVER ?? "http://localhost:8088";

/** Page routes that share a prefix with server routes: HTML navigations stay in the SPA. */
function spaPageBypass(req: IncomingMessage): string | undefined {
  if (req.method === "GET" && req.headers.accept?.includes("text/html") && !req.url?.startsWith("/logout")) {
    return "/index.html";
  }
  return undefined;
}

const api: ProxyOptions = { target: SERVER, changeOrigin: false };
const mixed: ProxyOptions = { ...api, bypass: spaPageBypass };

export default defineConfig({
  plugins: [react()],
  // plotly.js's CommonJS sources (the partial bundle in components/charts) read `global`.
  define: { global: "globalThis" },
  resolve: {
    // swr, @tabler/icons-react and react-remove-scroll are hoisted to the root node_modules, where
    // another react (18, pulled by sst) lives: force the single react 19 copy of this workspace.
    dedupe: ["react", "react-dom", "react/jsx-runtime"],
  },
  server: {
    port: 5173,
    proxy: {
      "/api": api,
      "/login": mixed,
      "/logout": api,
      "/lang": api,
      "/superset": mixed,
      "/tabstateview": api,
      "/datasource": api,
      // Async events over WebSocket (GLOBAL_ASYNC_QUERIES_TRANSPORT=ws): the upgrade goes through too.
      "/ws": { ...api, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // The lazy Plotly chunk (partial bundle, ~1.3 MB raw, ~445 KB gz) is expected to be large.
    chunkSizeWarningLimit: 1400,
  },
});
