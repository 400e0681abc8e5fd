export { CatalogSchemaSelect } from "./catalog-schema-select";
export { DatabaseSelect } from "./database-select";
export { reconcileChoice } from "./reconcile-choice";
export { TableSelect } from "./table-select";
