export { ChartPropertiesModal } from "./chart-properties-modal";
