import type { SSTConfig } from "sst";
import { Api } from "./stacks/api.ts";
import { Athena } from "./stacks/athena.ts";
import { Jobs } from "./stacks/queue.ts";
import { Schedule } from "./stacks/schedule.ts";
import { Storage } from "./stacks/storage.ts";
import { Web } from "./stacks/web.ts";

export default {
  config() {
    return { name: "strata", region: process.env.AWS_REGION || "us-east-1" };
  },
  stacks(app) {
    // Throw-away stages clean up after themselves; prod keeps its data (see storage.ts).
    if (app.stage !== "prod") app.setDefaultRemovalPolicy("destroy");
    // Dependency order: each stack only use()s the ones before it.
    app.stack(Storage).stack(Athena).stack(Jobs).stack(Api).stack(Web).stack(Schedule);
  },
} satisfies SSTConfig;
