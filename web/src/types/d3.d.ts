// The two d3 functions the chart formatters use (d3-format 3, d3-time-format 4).
declare module "d3-format" {
  export function format(specifier: string): (n: number | { valueOf(): number }) => string;
}
declare module "d3-time-format" {
  export function utcFormat(specifier: string): (date: Date) => string;
}
