export * from "./types.ts";
export * from "./list-spec.ts";
export * from "./service.ts";
