import { ENGINE_DISPLAY_NAMES } from "@strata/contracts";
import { type EngineSpec, parameterProperty as prop } from "../engine-spec.ts";
import { ATHENA_DIALECT } from "./dialect.ts";

export const ATHENA_SPEC: EngineSpec<"awsathena"> = {
  engine: "awsathena",
  available: {
    engine: "awsathena",
    name: ENGINE_DISPLAY_NAMES.awsathena,
    default_driver: "rest",
    sqlalchemy_uri_placeholder:
      "awsathena+rest://athena.{region_name}.amazonaws.com/{schema_name}?s3_staging_dir={s3_staging_dir}&work_group={work_group}",
    preferred: true,
    available_drivers: ["rest"],
    parameters: {
      type: "object",
      properties: {
        region_name: prop("string", "AWS region"),
        schema_name: prop("string", "Default schema (Glue database)"),
        s3_staging_dir: prop("string", "S3 location for query results"),
        work_group: prop("string", "Athena workgroup"),
      },
      required: ["region_name"],
    },
    engine_information: {
      supports_file_upload: false,
      disable_ssh_tunneling: true,
      supports_dynamic_catalog: true,
    },
  },
  capabilities: {
    // A query's work is done by the service and can take minutes.
    prefersAsync: true,
    runsRemotely: true,
    // Athena's EXPLAIN is not wired to SQL Lab's estimate.
    supportsCostEstimate: false,
    supportsFileUpload: false,
    supportsCatalogs: true,
    localOnly: false,
    foldsAliasCase: true,
    statementClassification: "lexer",
    formatterLanguage: "trino",
    defaultPort: null,
  },
  dialect: ATHENA_DIALECT,
  uriSchemes: ["awsathena"],
  parametersFromUri(rest) {
    let url: URL;
    try {
      url = new URL(`http://${rest}`);
    } catch {
      return null;
    }
    const query = Object.fromEntries(url.searchParams.entries());
    const region = /^athena\.([a-z0-9-]+)\.amazonaws\.com$/.exec(url.hostname)?.[1] ?? url.hostname;
    return {
      region_name: region,
      schema_name: decodeURIComponent(url.pathname.replace(/^\//, "")) || undefined,
      s3_staging_dir: query.s3_staging_dir,
      work_group: query.work_group,
    };
  },
  displayUri(p) {
    const q = new URLSearchParams({
      ...(p.s3_staging_dir ? { s3_staging_dir: p.s3_staging_dir } : {}),
      ...(p.work_group ? { work_group: p.work_group } : {}),
    }).toString();
    return `awsathena+rest://athena.${p.region_name ?? "us-east-1"}.amazonaws.com/${p.schema_name ?? ""}${q ? `?${q}` : ""}`;
  },
  checkParameters: () => [],
  configFor(p, context) {
    return {
      engine: "awsathena",
      region: p.region_name ?? context.region,
      workGroup: p.work_group ?? context.athenaWorkGroup,
      outputLocation: p.s3_staging_dir,
      schema: p.schema_name,
    };
  },
  customErrors: [],
  sharedFile: () => null,
};
