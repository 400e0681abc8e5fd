import type { DatabaseDetail } from "@strata/contracts";
import { fetchResourceItem, resourceItemKey } from "../../../lib/resource/resource-item";
import { toDatabaseBody, valuesFromDetail } from "../components/database-modal/form-values";
import { testConnection } from "./test-connection";

/** Tests a saved connection: its stored settings (masked password included) go to test_connection/. */
export async function testExistingDatabase(id: number) {
  const detail = await fetchResourceItem<DatabaseDetail>(resourceItemKey("database", id));
  return testConnection(toDatabaseBody(valuesFromDetail(detail)));
}
