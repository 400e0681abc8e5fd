/** Loads the Plotly chunk only when an image is asked for. */
export async function downloadChartImage(element: HTMLElement, filename: string): Promise<void> {
  const { downloadPlotImage } = await import("./plotly-chart");
  await downloadPlotImage(element, filename);
}
