import type { SamplesPayload } from "@strata/contracts";
import { toEngineError } from "../databases/engine-errors.ts";
import type { Databases } from "../databases/service.ts";
import { forbidden, unprocessable } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import type { Datasets } from "./service.ts";

/** `POST /datasource/samples`: a page of raw rows, filters bound as parameters, never pasted. */
export async function samples(
  datasets: Datasets,
  databases: Databases,
  p: Principal,
  id: number,
  payload: SamplesPayload,
  page = 1,
  perPage = 100,
  /** Row-level security conditions for the caller (trusted SQL from RLS rules). */
  rls: string[],
  /** The caller's conditions on the datasets its SQL reads through `dataset(id)`. */
  referencedRls: (datasetId: number) => Promise<string[]>,
) {
  // Embedded guests see their charts' results only, never a dataset's raw rows (Superset's
  // guest role has no can_samples).
  if (p.guest) throw forbidden("Guest users may not read a dataset's sample rows.");
  const { ds, db } = await datasets.get(p, id);
  if (!db) throw unprocessable("The dataset's database no longer exists");
  const engine = await databases.engineForDataset(db, ds.catalog);
  const q = (s: string) => engine.quoteIdentifier(s);
  const names = new Set(ds.columns.map((c) => c.column_name));
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = (payload.filters ?? []).map((f) => {
    if (!names.has(f.col)) throw unprocessable({ filters: [`Column ${f.col} is not in the dataset`] });
    const col = q(f.col);
    if (f.op === "IS NULL" || f.op === "IS NOT NULL") return `${col} ${f.op}`;
    if (f.op === "IN" || f.op === "NOT IN") {
      const values = Array.isArray(f.val) ? f.val : [f.val];
      if (values.length === 0) return f.op === "IN" ? "1 = 0" : "1 = 1";
      return `${col} ${f.op} (${values.map(bind).join(", ")})`;
    }
    if (Array.isArray(f.val)) throw unprocessable({ filters: [`${f.op} takes one value`] });
    const op = f.op === "==" ? "=" : f.op === "!=" ? "<>" : f.op;
    return `${col} ${op} ${bind(f.val)}`;
  });
  const from = await datasets.source(ds, engine, p, referencedRls);
  const conditions = [...rls, ...where];
  const whereSql = conditions.length ? ` WHERE ${conditions.join(" AND ")}` : "";
  const offset = (page - 1) * perPage;
  try {
    const [rows, total] = await Promise.all([
      engine.execute(`SELECT * FROM ${from}${whereSql} LIMIT ${perPage} OFFSET ${offset}`, {
        params,
        schema: ds.schema,
        catalog: ds.catalog,
      }),
      engine.execute(`SELECT COUNT(*) AS total FROM ${from}${whereSql}`, {
        params,
        schema: ds.schema,
        catalog: ds.catalog,
      }),
    ]);
    const colnames = rows.columns.map((c) => c.name);
    // Samples are small pages; Superset's clients expect row objects here.
    const data = Array.from({ length: rows.rowcount }, (_, i) =>
      Object.fromEntries(colnames.map((name, j) => [name, rows.data[j][i]])),
    );
    return {
      data,
      colnames,
      coltypes: rows.columns.map((c) => c.kind),
      rowcount: rows.rowcount,
      total_count: Number(total.data[0]?.[0] ?? 0),
      page,
      per_page: perPage,
    };
  } catch (e) {
    throw toEngineError(e, db.engine);
  }
}
