import { ErrorType } from "@strata/contracts";
import type { ComponentType } from "react";
import { DatabaseErrorMessage } from "./database-error";
import { DatasetNotFoundErrorMessage } from "./dataset-not-found-error";
import { InvalidSqlErrorMessage } from "./invalid-sql-error";
import { FormValidationErrorMessage } from "./marshmallow-error";
import { NetworkErrorMessage } from "./network-error";
import { OAuth2RedirectMessage } from "./oauth2-redirect-error";
import { ParameterErrorMessage } from "./parameter-error";
import { TimeoutErrorMessage } from "./timeout-error";
import type { ErrorMessageProps } from "./types";

type ErrorComponent = ComponentType<ErrorMessageProps>;

const registry = new Map<string, ErrorComponent>();

/** Registers (or overrides) the component that renders one error_type. */
export function registerErrorComponent(errorType: string, component: ErrorComponent): void {
  registry.set(errorType, component);
}

export function getErrorComponent(errorType: string): ErrorComponent | undefined {
  return registry.get(errorType);
}

const DB_ENGINE_TYPES = [
  ErrorType.GENERIC_DB_ENGINE_ERROR,
  ErrorType.COLUMN_DOES_NOT_EXIST_ERROR,
  ErrorType.TABLE_DOES_NOT_EXIST_ERROR,
  ErrorType.SCHEMA_DOES_NOT_EXIST_ERROR,
  ErrorType.OBJECT_DOES_NOT_EXIST_ERROR,
  ErrorType.CONNECTION_INVALID_USERNAME_ERROR,
  ErrorType.CONNECTION_INVALID_PASSWORD_ERROR,
  ErrorType.CONNECTION_INVALID_HOSTNAME_ERROR,
  ErrorType.CONNECTION_PORT_CLOSED_ERROR,
  ErrorType.CONNECTION_INVALID_PORT_ERROR,
  ErrorType.CONNECTION_HOST_DOWN_ERROR,
  ErrorType.CONNECTION_ACCESS_DENIED_ERROR,
  ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR,
  ErrorType.CONNECTION_DATABASE_PERMISSIONS_ERROR,
  ErrorType.SYNTAX_ERROR,
  ErrorType.DATABASE_NOT_FOUND_ERROR,
  ErrorType.DML_NOT_ALLOWED_ERROR,
  ErrorType.INVALID_CTAS_QUERY_ERROR,
  ErrorType.INVALID_CVAS_QUERY_ERROR,
  ErrorType.RESULT_TOO_LARGE_ERROR,
];

for (const type of DB_ENGINE_TYPES) registerErrorComponent(type, DatabaseErrorMessage);
registerErrorComponent(ErrorType.FRONTEND_TIMEOUT_ERROR, TimeoutErrorMessage);
registerErrorComponent(ErrorType.BACKEND_TIMEOUT_ERROR, TimeoutErrorMessage);
registerErrorComponent(ErrorType.SQLLAB_TIMEOUT_ERROR, TimeoutErrorMessage);
registerErrorComponent(ErrorType.DATABASE_TIMEOUT_ERROR, TimeoutErrorMessage);
registerErrorComponent(ErrorType.FRONTEND_NETWORK_ERROR, NetworkErrorMessage);
registerErrorComponent("FAILED_FETCHING_DATASOURCE_INFO_ERROR", DatasetNotFoundErrorMessage);
registerErrorComponent(ErrorType.INVALID_SQL_ERROR, InvalidSqlErrorMessage);
registerErrorComponent(ErrorType.MISSING_TEMPLATE_PARAMS_ERROR, ParameterErrorMessage);
registerErrorComponent(ErrorType.INVALID_TEMPLATE_PARAMS_ERROR, ParameterErrorMessage);
registerErrorComponent(ErrorType.MARSHMALLOW_ERROR, FormValidationErrorMessage);
registerErrorComponent(ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, FormValidationErrorMessage);
registerErrorComponent(ErrorType.OAUTH2_REDIRECT, OAuth2RedirectMessage);
