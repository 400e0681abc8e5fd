// @vitest-environment node
import { Match, Template } from "aws-cdk-lib/assertions";
import { type FunctionProps, getStack, Function as SstFunction, StaticSite } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import config from "../../sst.config.ts";
import { offlineApp } from "./offline-app.ts";
import { Api } from "../../stacks/api.ts";
import { asyncTransportEnvironment } from "../../stacks/async-events-socket.ts";
import { Jobs } from "../../stacks/queue.ts";
import { Schedule } from "../../stacks/schedule.ts";
import { Web } from "../../stacks/web.ts";

/**
 * Issue 18's cloud side, synthesised offline as stacks.test.ts does (no bundling, no AWS call):
 * the WebSocket API and its three routes, the connections' table access, the worker's right to
 * post to connections (and nobody else's beyond the routes), and CloudFront's `/ws` path.
 * Synthesised with GLOBAL_ASYNC_QUERIES_TRANSPORT=ws, the deploy setting the SPA's build and the
 * functions must agree on.
 */
let jobs: Template;
let web: Template;
let api: Template;
let schedule: Template;
let functions: FunctionProps[];
let site: StaticSite;

const { newApp } = offlineApp();

beforeAll(async () => {
  const app = await newApp();
  const before = process.env.GLOBAL_ASYNC_QUERIES_TRANSPORT;
  process.env.GLOBAL_ASYNC_QUERIES_TRANSPORT = "ws";
  try {
    await config.stacks(app);
  } finally {
    if (before === undefined) delete process.env.GLOBAL_ASYNC_QUERIES_TRANSPORT;
    else process.env.GLOBAL_ASYNC_QUERIES_TRANSPORT = before;
  }
  jobs = Template.fromStack(getStack(Jobs));
  web = Template.fromStack(getStack(Web));
  api = Template.fromStack(getStack(Api));
  schedule = Template.fromStack(getStack(Schedule));
  functions = app.node
    .findAll()
    .filter((c) => c instanceof SstFunction)
    .map((c) => (c as unknown as { props: FunctionProps }).props);
  site = app.node.findAll().find((c) => c instanceof StaticSite) as StaticSite;
}, 60_000);

const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : [x]);

/** Every IAM statement attached to the role of the Lambda whose logical id starts with `prefix`. */
function statementsOf(template: Template, prefix: string): any[] {
  const fns = template.findResources("AWS::Lambda::Function");
  const entry = Object.entries(fns).find(([id]) => id.startsWith(prefix));
  expect(entry, `no function ${prefix}`).toBeDefined();
  const roleRef = (entry![1] as any).Properties.Role["Fn::GetAtt"][0];
  return Object.values(template.findResources("AWS::IAM::Policy"))
    .filter((p: any) => p.Properties.Roles.some((r: any) => r.Ref === roleRef))
    .flatMap((p: any) => p.Properties.PolicyDocument.Statement);
}
const actionsOf = (template: Template, prefix: string) =>
  statementsOf(template, prefix).flatMap((s) => list(s.Action) as string[]);

describe("async-event WebSocket API", () => {
  it("is a WebSocket API with $connect, $disconnect and $default on Lambda", () => {
    jobs.hasResourceProperties("AWS::ApiGatewayV2::Api", { ProtocolType: "WEBSOCKET" });
    for (const key of ["$connect", "$disconnect", "$default"])
      jobs.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: key });
    jobs.hasResourceProperties("AWS::ApiGatewayV2::Integration", { IntegrationType: "AWS_PROXY" });
    const handlers = functions.map((f) => f.handler);
    for (const h of ["ws-connect", "ws-disconnect", "ws-default"])
      expect(handlers).toContain(`functions/src/lambda/${h}.handler`);
  });

  it("route functions read the table's connections, sessions and events, and the secret", () => {
    for (const fn of ["WsConnect", "WsDisconnect", "WsDefault"]) {
      const actions = actionsOf(jobs, fn);
      expect(actions).toEqual(
        expect.arrayContaining(["dynamodb:PutItem", "dynamodb:Query", "dynamodb:DeleteItem"]),
      );
      expect(actions).toContain("secretsmanager:GetSecretValue");
      // They never touch the queue or the results bucket.
      expect(actions.some((a) => a.startsWith("sqs:") || a.startsWith("s3:"))).toBe(false);
    }
    jobs.hasResourceProperties("AWS::Lambda::Function", {
      Environment: {
        Variables: Match.objectLike({ META_TABLE: Match.anyValue(), SECRET_KEY_PARAM: Match.anyValue() }),
      },
    });
  });

  it("the worker may post to connections of this API, and knows its callback URL", () => {
    const manage = statementsOf(jobs, "Worker").filter((s) =>
      list(s.Action).includes("execute-api:ManageConnections"),
    );
    expect(manage).toHaveLength(1);
    expect(JSON.stringify(manage[0].Resource)).toContain("/POST/@connections/*");
    expect(JSON.stringify(manage[0].Resource)).toMatch(/AsyncEvents/); // this API's id, not "*"
    const worker = Object.entries(jobs.findResources("AWS::Lambda::Function")).find(([id]) =>
      id.startsWith("Worker"),
    )!;
    expect(
      (worker[1] as any).Properties.Environment.Variables.ASYNC_EVENTS_SOCKET_CALLBACK_URL,
    ).toBeDefined();
  });

  it("no other function holds ManageConnections", () => {
    expect(actionsOf(api, "ApiHandler")).not.toContain("execute-api:ManageConnections");
    const holders = Object.entries(jobs.findResources("AWS::IAM::Policy"))
      .filter(([, p]: [string, any]) =>
        p.Properties.PolicyDocument.Statement.some((s: any) =>
          list(s.Action).includes("execute-api:ManageConnections"),
        ),
      )
      .map(([id]) => id);
    expect(holders.length).toBeGreaterThan(0);
    for (const id of holders) expect(id).toMatch(/^(Worker|WsConnect|WsDisconnect|WsDefault)/);
    // The minute tick's sweeper stores error events for lost jobs: it may push them too.
    expect(actionsOf(schedule, "Scheduler")).toContain("execute-api:ManageConnections");
  });
});

describe("CloudFront", () => {
  it("serves the socket on the site's own origin at /ws, forwarding cookies and headers", () => {
    web.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: "/ws",
            ViewerProtocolPolicy: "https-only",
            FunctionAssociations: [Match.objectLike({ EventType: "viewer-request" })],
          }),
        ]),
      }),
    });
    const fns = Object.values(web.findResources("AWS::CloudFront::Function")) as any[];
    expect(fns.some((f) => String(f.Properties.FunctionCode).includes("x-strata-viewer-host"))).toBe(true);
  });

  it("builds the SPA with the deploy's transport and socket path, the ones the functions get", () => {
    const { data } = site.getConstructMetadata();
    expect(data.environment.VITE_GLOBAL_ASYNC_QUERIES_TRANSPORT).toBe("ws");
    expect(data.environment.VITE_GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL).toBe("/ws");
    const varsOf = (template: Template, prefix: string) => {
      const fn = Object.entries(template.findResources("AWS::Lambda::Function")).find(([id]) =>
        id.startsWith(prefix),
      );
      expect(fn, `no function ${prefix}`).toBeDefined();
      return (fn![1] as any).Properties.Environment.Variables as Record<string, unknown>;
    };
    // The API (bootstrap conf), the worker and the minute tick (whether they push) read the same.
    for (const [template, prefix] of [
      [api, "ApiHandler"],
      [jobs, "Worker"],
      [schedule, "Scheduler"],
    ] as const) {
      const vars = varsOf(template, prefix);
      expect(vars.GLOBAL_ASYNC_QUERIES_TRANSPORT).toBe(data.environment.VITE_GLOBAL_ASYNC_QUERIES_TRANSPORT);
      expect(vars.GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL).toBe(
        data.environment.VITE_GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL,
      );
    }
  });

  it("the transport setting is polling when unset, and a typo stops the deploy", () => {
    expect(asyncTransportEnvironment({})).toEqual({
      GLOBAL_ASYNC_QUERIES_TRANSPORT: "polling",
      GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: "/ws",
    });
    expect(
      asyncTransportEnvironment({ GLOBAL_ASYNC_QUERIES_TRANSPORT: " ws " }).GLOBAL_ASYNC_QUERIES_TRANSPORT,
    ).toBe("ws");
    expect(() => asyncTransportEnvironment({ GLOBAL_ASYNC_QUERIES_TRANSPORT: "websocket" })).toThrow(
      /must be "polling" or "ws"/,
    );
  });
});
