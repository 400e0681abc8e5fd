export * from "./errors.ts";
export * from "./rison.ts";
export * from "./list.ts";
export * from "./datasource.ts";
export * from "./database.ts";
export * from "./dataset.ts";
export * from "./security.ts";
export * from "./resource-rows.ts";
