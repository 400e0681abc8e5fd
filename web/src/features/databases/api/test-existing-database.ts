import type { DatabaseDetail } from "@strata/contracts";
import { fetchResourceItem } from "../../../lib/resource/resource-item";
import { toDatabaseBody, valuesFromDetail } from "../components/database-modal/form-values";
import { databaseConnectionKey } from "./database-item";
import { testConnection } from "./test-connection";

/** Tests a saved connection: its stored settings (masked password included) go to test_connection/. */
export async function testExistingDatabase(id: number) {
  const detail = await fetchResourceItem<DatabaseDetail>(databaseConnectionKey(id));
  return testConnection(toDatabaseBody(valuesFromDetail(detail)));
}
