export { ChartCreator, newChartPath } from "./chart-creator";
