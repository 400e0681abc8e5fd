import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { Api as HttpApi, type StackContext, use } from "sst/constructs";
import { asyncTransportEnvironment } from "./async-events-socket.ts";
import { Athena } from "./athena.ts";
import {
  API_REPORT_ENV_NAMES,
  grantAthena,
  lambda,
  reportEnvironment,
  runtimeEnvironment,
  settingsEnvironment,
} from "./defaults.ts";
import { Jobs } from "./queue.ts";
import { Storage } from "./storage.ts";

/** HTTP API: every route goes to the one Hono app in `functions/src/lambda/api.ts`. */
export function Api({ stack }: StackContext) {
  const { table, bucket, secret } = use(Storage);
  const { workgroup } = use(Athena);
  const { queue, thumbnailQueue } = use(Jobs);

  // The key CloudFront sends with what it forwards (web.ts), so the API knows the viewer's address
  // it passes along is CloudFront's word, not a client's (functions/src/http/client.ts).
  const edgeKey = new Secret(stack, "EdgeKey", {
    description: "Strata: the key CloudFront sends the API with each request (EDGE_KEY)",
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });

  const handler = lambda(stack, "ApiHandler", {
    handler: "functions/src/lambda/api.handler",
    timeout: 30, // HTTP API integrations time out at 30 s; longer work goes through the queue
    environment: {
      ...runtimeEnvironment({ table, bucket, secret, workgroup, queue }),
      ...settingsEnvironment(process.env),
      ...reportEnvironment(process.env, API_REPORT_ENV_NAMES),
      ...asyncTransportEnvironment(), // as the SPA was built with (web.ts)
      THUMBNAILS_QUEUE_URL: thumbnailQueue.queueUrl,
      // The browser is the worker's: the API offers pictures when the deploy gives it one.
      WORKER_DRAWS: String(Boolean(process.env.CHROMIUM_LAYER_ARN && process.env.CHROMIUM_PATH)),
      // Resolved by CloudFormation at deploy (a dynamic reference), never in the template.
      EDGE_KEY: edgeKey.secretValue.unsafeUnwrap(),
    },
  });
  table.grantReadWriteData(handler);
  bucket.grantReadWrite(handler);
  secret.grantRead(handler);
  queue.grantSendMessages(handler);
  thumbnailQueue.grantSendMessages(handler);
  grantAthena(handler, workgroup);

  // The SPA reaches the API same-origin through CloudFront (see web.ts): no CORS needed.
  const api = new HttpApi(stack, "Http", { cors: false, routes: { $default: handler } });

  stack.addOutputs({ ApiUrl: api.url });
  return { api, handler, edgeKey };
}
