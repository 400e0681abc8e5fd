import type { Core } from "@strata/core";
import { Hono } from "hono";
import { authenticate, securityHeaders } from "./http/auth.ts";
import { bodyLimits } from "./http/body-limit.ts";
import { bufferedBody } from "./http/buffered-body.ts";
import { clientInfo } from "./http/client.ts";
import type { AppEnv } from "./http/env.ts";
import { notFound, onError } from "./http/errors.ts";
import { jsonBodyGuard } from "./http/json-guard.ts";
import { loadSpa, mountSpa } from "./http/spa.ts";
import { annotationLayerRoutes } from "./routes/annotation-layer.ts";
import { cssTemplateRoutes } from "./routes/css-template.ts";
import { dynamicPluginRoutes } from "./routes/dynamic-plugins.ts";
import { assetRoutes } from "./routes/assets.ts";
import { chartRoutes } from "./routes/chart.ts";
import { asyncEventRoutes, chartDataRoutes, legacyExploreJsonRoutes } from "./routes/chart-data.ts";
import { dashboardRoutes } from "./routes/dashboard.ts";
import { dashboardFilterStateRoutes } from "./routes/dashboard-filter-state.ts";
import { databaseRoutes } from "./routes/database.ts";
import { datasetRoutes } from "./routes/dataset.ts";
import { datasourceRoutes } from "./routes/datasource.ts";
import { dashboardEmbeddedRoutes, embeddingRoutes } from "./routes/embedded.ts";
import { exploreRoutes } from "./routes/explore.ts";
import { langRoutes } from "./routes/lang.ts";
import { logRoutes } from "./routes/log.ts";
import { rlsRoutes } from "./routes/rls.ts";
import { reportRoutes } from "./routes/report.ts";
import { savedQueryRoutes } from "./routes/saved-query.ts";
import { meRoutes, securityRoutes, sessionRoutes, userRoutes } from "./routes/security.ts";
import {
  queryRoutes,
  sqlLabIncomingRoutes,
  sqlLabPermalinkRoutes,
  sqlLabRoutes,
  sqlToolsRoutes,
} from "./routes/sqllab.ts";
import { tabStateRoutes } from "./routes/tab-state.ts";
import { tagRoutes } from "./routes/tag.ts";
import { timeRangeRoutes } from "./routes/time-range.ts";

export interface AppOptions {
  /** Folder of the built SPA (local server); the cloud serves it from CloudFront. */
  spaDir?: string;
  /** Every request came over HTTPS (Lambda behind API Gateway / CloudFront): cookies are `Secure`. */
  secureCookies?: boolean;
  /** Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (TRUSTED_PROXIES). */
  trustedProxies?: string[];
  /** The key the deployment's CloudFront sends (see ClientTrust.edgeKey). */
  edgeKey?: string;
}

const JSON_LIMIT = 10 * 1024 * 1024;
const UPLOAD_LIMIT = 100 * 1024 * 1024;

/** The one Hono app: Lambda and the local Node server both serve it. */
export function createApp(core: Core, opts: AppOptions = {}) {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(onError);
  app.notFound(notFound);
  app.use(securityHeaders(core));
  // The preview (upload_metadata) is sent the whole file too, so it gets the upload's bound.
  // Asset imports take a bundle of the same bound (a 413 before the body is read whole).
  app.use(bodyLimits((path) => (/\/(upload(_metadata)?|import)\/?$/.test(path) ? UPLOAD_LIMIT : JSON_LIMIT)));
  app.use(bufferedBody());
  app.use(jsonBodyGuard());
  app.use(
    clientInfo({
      trustedProxies: opts.trustedProxies,
      alwaysHttps: opts.secureCookies,
      edgeKey: opts.edgeKey,
    }),
  );
  app.use(authenticate(core));
  app.get("/health", (c) => c.json({ status: "OK" }));
  app.route("/", sessionRoutes());
  app.route("/", langRoutes());
  app.route("/api/v1/security", securityRoutes());
  app.route("/api/v1/me", meRoutes());
  app.route("/api/v1/user", userRoutes());
  // Export and import first: `/export/` and `/import/` are not ids or slugs.
  app.route("/api/v1/dashboard", assetRoutes("dashboard"));
  app.route("/api/v1/chart", assetRoutes("chart"));
  app.route("/api/v1/dataset", assetRoutes("dataset"));
  app.route("/api/v1/database", assetRoutes("database"));
  app.route("/api/v1/saved_query", assetRoutes("saved_query"));
  app.route("/api/v1/database", databaseRoutes());
  app.route("/api/v1/dataset", datasetRoutes());
  app.route("/api/v1/chart", chartDataRoutes());
  app.route("/api/v1/chart", chartRoutes());
  app.route("/api/v1/async_event", asyncEventRoutes());
  app.route("/api/v1/explore", exploreRoutes());
  app.route("/api/v1/dashboard", dashboardEmbeddedRoutes());
  app.route("/api/v1/dashboard", dashboardFilterStateRoutes());
  app.route("/api/v1/dashboard", dashboardRoutes());
  app.route("/", embeddingRoutes());
  app.route("/api/v1/tag", tagRoutes());
  app.route("/api/v1/rowlevelsecurity", rlsRoutes());
  app.route("/", tabStateRoutes());
  app.route("/", sqlLabIncomingRoutes());
  app.route("/api/v1/sqllab", sqlLabRoutes());
  app.route("/api/v1/sqllab", sqlToolsRoutes());
  app.route("/api/v1/sqllab", sqlLabPermalinkRoutes());
  app.route("/api/v1/query", queryRoutes());
  app.route("/api/v1/saved_query", savedQueryRoutes());
  app.route("/api/v1/annotation_layer", annotationLayerRoutes());
  app.route("/api/v1/css_template", cssTemplateRoutes());
  app.route("/dynamic-plugins", dynamicPluginRoutes());
  app.route("/api/v1/report", reportRoutes());
  app.route("/api/v1/time_range", timeRangeRoutes());
  app.route("/", datasourceRoutes());
  app.route("/", legacyExploreJsonRoutes());
  app.route("/", logRoutes());
  app.all("/api/*", (c) =>
    c.json({ message: `Not found: ${c.req.method} ${c.req.path} is not an API endpoint.` }, 404),
  );
  if (opts.spaDir) mountSpa(app, loadSpa(opts.spaDir));
  return app;
}

export type App = ReturnType<typeof createApp>;
