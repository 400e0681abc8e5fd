export { ApiErrorDisplay } from "./api-error-display";
export { ErrorAlert } from "./error-alert";
export { ErrorMessage } from "./error-message";
export { getErrorComponent, registerErrorComponent } from "./error-registry";
export { ImportErrorMessage } from "./import-error";
export { PanelErrorBoundary } from "./panel-error-boundary";
export type { ErrorMessageProps, ErrorSource } from "./types";
