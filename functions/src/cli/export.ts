import type { AssetResource } from "@strata/contracts";
import { type Connection, call, failUnlessOk } from "./connection.ts";
import { treeFromZip, writeTree } from "./zip-tree.ts";

/**
 * `GET /api/v1/{resource}/export/?q=!(ids)` and the bundle's files written under `outDir`
 * (without the bundle's timestamped top folder). Returns the paths written.
 */
export async function exportAssets(
  conn: Connection,
  resource: AssetResource,
  ids: number[],
  outDir: string,
): Promise<string[]> {
  const res = await call(conn, `/api/v1/${resource}/export/?q=!(${ids.join(",")})`);
  await failUnlessOk(res, `Exporting ${resource} ${ids.join(",")}`);
  const zip = new Uint8Array(await res.arrayBuffer());
  return writeTree(outDir, treeFromZip(zip));
}
