// The two pieces of Handlebars the chart uses: its parser and its HTML escaping (not the
// compiler, which needs eval and would triple the chunk).
declare module "handlebars/dist/cjs/handlebars/compiler/base.js" {
  export function parse(input: string): { type: "Program"; body: unknown[] } & Record<string, unknown>;
}
declare module "handlebars/dist/cjs/handlebars/utils.js" {
  export function escapeExpression(value: string): string;
}
