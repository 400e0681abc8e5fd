import type { DatabaseParameters, EngineName } from "@strata/contracts";
import type { Entity } from "../store/meta-store.ts";

export interface DatabaseData {
  database_name: string;
  engine: EngineName;
  configuration_method: "sqlalchemy_form" | "dynamic_form";
  /** Connection parameters; the password is kept sealed in `sealed_password`, never here. */
  parameters: DatabaseParameters;
  sealed_password: string | null;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_file_upload: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_multi_catalog: boolean;
  disable_data_preview: boolean;
  cache_timeout: number | null;
  extra: string;
  force_ctas_schema: string | null;
  impersonate_user: boolean;
  external_url: string | null;
  is_managed_externally: boolean;
  uuid: string;
  /** The embedded examples database may not be edited away from its file. */
  builtin?: boolean;
}
export type DatabaseEntity = Entity<DatabaseData>;
export const DATABASE = "database";
