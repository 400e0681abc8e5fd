// plotly.js ships no types; the partial bundle uses its CommonJS entry points.
declare module "plotly.js/lib/core" {
  export interface PlotlyStatic {
    register(modules: unknown[]): void;
    toImage(root: HTMLElement, opts: { format: string; width?: number; height?: number }): Promise<string>;
    downloadImage(
      root: HTMLElement | { data: unknown[]; layout: unknown },
      opts: { format: string; filename?: string; width?: number; height?: number },
    ): Promise<string>;
    Plots: { resize(root: HTMLElement): void };
  }
  const Plotly: PlotlyStatic;
  export default Plotly;
}
declare module "plotly.js/lib/*" {
  const trace: unknown;
  export default trace;
}
declare module "plotly.js/src/version" {
  export const version: string;
}
