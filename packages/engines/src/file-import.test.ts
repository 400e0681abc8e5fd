import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDuckDbEngine, type DuckDbEngine } from "./duckdb/adapter.ts";
import { appendColumnar, createTableFromColumnar } from "./duckdb/tables.ts";
import { importFile, previewFile, readTabularFile, withFileReader } from "./file-import.ts";
import { EngineError } from "./types.ts";

describe("file import into a sandboxed DuckDB", () => {
  let dir: string;
  let engine: DuckDbEngine;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "strata-import-"));
    engine = await createDuckDbEngine({ engine: "duckdb", path: ":memory:" }, { sandbox: true });
  });

  afterAll(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rows = async (sql: string) => (await engine.execute(sql)).data;

  it("imports a CSV with Superset's upload options", async () => {
    const file = join(dir, "people.csv");
    writeFileSync(
      file,
      "exported by a tool\nname;age;joined;city\nAda;36;2020-01-02;London\nLinus;NA;2021-03-04;Helsinki\nGrace;85;2019-05-06;NA\n",
    );
    const summary = await importFile(
      engine,
      file,
      "csv",
      { table: "people" },
      {
        delimiter: ";",
        skipRows: 1,
        nullValues: ["NA"],
        columnDates: ["joined"],
        columnsRead: ["name", "age", "joined"],
      },
    );
    expect(summary.rowcount).toBe(3);
    expect(summary.columns).toEqual([
      { name: "name", type: "VARCHAR" },
      { name: "age", type: "BIGINT" },
      { name: "joined", type: "TIMESTAMP" },
    ]);
    expect(await rows("SELECT * FROM people ORDER BY name")).toEqual([
      ["Ada", "Grace", "Linus"],
      [36, 85, null],
      ["2020-01-02T00:00:00", "2019-05-06T00:00:00", "2021-03-04T00:00:00"],
    ]);
  });

  it("fails, replaces or appends when the table exists", async () => {
    const file = join(dir, "small.csv");
    writeFileSync(file, "a,b\n1,x\n2,y\n");
    await importFile(engine, file, "csv", { table: "small" });
    const error = await importFile(engine, file, "csv", { table: "small" }).catch((e) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error.message).toMatch(/already exists/);
    await importFile(engine, file, "csv", { table: "small", ifExists: "append" });
    expect(await rows("SELECT count(*) FROM small")).toEqual([[4]]);
    await importFile(engine, file, "csv", { table: "small", ifExists: "replace" }, { rowsToRead: 1 });
    expect(await rows("SELECT * FROM small")).toEqual([[1], ["x"]]);
  });

  it("round-trips a Parquet file, keeping its types", async () => {
    const file = join(dir, "data.parquet");
    await withFileReader((connection) =>
      connection.run(`COPY (SELECT range AS id, CAST(range / 2 AS DOUBLE) AS half, CAST(range AS DECIMAL(12,2)) AS amount, TIMESTAMP '2024-01-01' + INTERVAL (range) HOUR AS at,
        'row ' || range AS label, range % 2 = 0 AS even FROM range(3000)) TO '${file}' (FORMAT parquet)`),
    );
    const summary = await importFile(engine, file, "parquet", { table: "from_parquet" });
    expect(summary.rowcount).toBe(3000);
    expect((await engine.columns("from_parquet")).map((c) => `${c.name}:${c.type}`)).toEqual([
      "id:BIGINT",
      "half:DOUBLE",
      "amount:DECIMAL(12,2)",
      "at:TIMESTAMP",
      "label:VARCHAR",
      "even:BOOLEAN",
    ]);
    expect(
      await rows('SELECT id, half, amount, "at", label, even FROM from_parquet WHERE id = 2999'),
    ).toEqual([[2999], [1499.5], [2999], ["2024-05-04T23:00:00"], ["row 2999"], [false]]);
  });

  it("round-trips an Excel sheet, inferring column types", async () => {
    const file = join(dir, "book.xlsx");
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("ignored").addRow(["nothing here"]);
    const sheet = workbook.addWorksheet("Sales");
    sheet.addRow(["region", "units", "price", "day", "paid"]);
    sheet.addRow(["north", 3, 9.5, new Date(Date.UTC(2024, 0, 2)), true]);
    sheet.addRow(["south", 4, 10.25, new Date(Date.UTC(2024, 0, 3, 12, 30)), false]);
    sheet.addRow(["n/a", null, 1, null, null]);
    await workbook.xlsx.writeFile(file);

    const preview = await readTabularFile(file, "xlsx", { sheetName: "Sales", nullValues: ["n/a"] });
    expect(preview.columns.map((c) => `${c.name}:${c.type}`)).toEqual([
      "region:VARCHAR",
      "units:BIGINT",
      "price:DOUBLE",
      "day:TIMESTAMP",
      "paid:BOOLEAN",
    ]);
    expect(preview.data[3]).toEqual(["2024-01-02T00:00:00", "2024-01-03T12:30:00", null]);

    const summary = await importFile(
      engine,
      file,
      "xlsx",
      { table: "sales_sheet" },
      { sheetName: "Sales", nullValues: ["n/a"] },
    );
    expect(summary.rowcount).toBe(3);
    expect(await rows("SELECT region, units, price, day, paid FROM sales_sheet ORDER BY price")).toEqual([
      [null, "north", "south"],
      [null, 3, 4],
      [1, 9.5, 10.25],
      [null, "2024-01-02T00:00:00", "2024-01-03T12:30:00"],
      [null, true, false],
    ]);
    const missing = await readTabularFile(file, "xlsx", { sheetName: "Nope" }).catch((e) => e);
    expect(missing.message).toMatch(/Sheet "Nope" was not found; the workbook has: ignored, Sales/);
  });

  it("reads a CSV preview without creating anything", async () => {
    const file = join(dir, "preview.csv");
    writeFileSync(file, "x,y\n1,2020-01-01\n2,2020-01-02\n3,2020-01-03\n");
    const preview = await readTabularFile(file, "csv", { rowsToRead: 2 });
    expect(preview.columns.map((c) => c.type)).toEqual(["BIGINT", "DATE"]);
    expect(preview.data).toEqual([
      [1, 2],
      ["2020-01-01", "2020-01-02"],
    ]);
  });

  it("applies header row, decimal character and index column as Superset's upload form does", async () => {
    const file = join(dir, "euro.csv");
    writeFileSync(file, "report;;\nid;price;city\n1;2,5;Paris\n2;3,25;Lyon\n");
    const [item] = await previewFile(file, "csv", { delimiter: ";", headerRow: 1, decimalCharacter: "," });
    expect(item.column_names).toEqual(["id", "price", "city"]);
    expect(item.rows).toEqual([
      [1, 2.5, "Paris"],
      [2, 3.25, "Lyon"],
    ]);
    // The index column is left out unless the frame's index is written, then it comes first, relabelled.
    const dropped = await previewFile(file, "csv", { delimiter: ";", headerRow: 1, indexColumn: "id" });
    expect(dropped[0].column_names).toEqual(["price", "city"]);
    const kept = await previewFile(file, "csv", {
      delimiter: ";",
      headerRow: 1,
      indexColumn: "city",
      dataframeIndex: true,
      indexLabel: "town",
    });
    expect(kept[0].column_names).toEqual(["town", "id", "price"]);
    const unknown = await previewFile(file, "csv", {
      delimiter: ";",
      headerRow: 1,
      columnDates: ["nope"],
    }).catch((e) => e);
    expect(unknown.errorType).toBe("COLUMN_DOES_NOT_EXIST_ERROR");
    expect(unknown.message).toMatch(/nope/);
    // Options are values, never SQL: a quote in them is just a character.
    const odd = await previewFile(file, "csv", { delimiter: ";", nullValues: ["x') OR 1=1 --"] });
    expect(odd[0].rows.length).toBe(3);
  });

  it("previews every sheet of a workbook", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("First").addRows([
      ["a", "b"],
      [1, 2],
    ]);
    workbook.addWorksheet("Second").addRows([["skip me"], ["x", "y"], [3, 4]]);
    const file = join(dir, "sheets.xlsx");
    await workbook.xlsx.writeFile(file);
    const items = await previewFile(file, "xlsx", { sheetName: "Second", headerRow: 1 });
    expect(items.map((i) => [i.sheet_name, i.column_names])).toEqual([
      ["First", ["a", "b"]],
      ["Second", ["x", "y"]],
    ]);
    expect(items[1].rows).toEqual([[3, 4]]);
  });

  it("writes query results back into a table: createTableFromColumnar and appendColumnar", async () => {
    const result =
      await engine.execute(`SELECT 1::BIGINT AS id, 12.5::DECIMAL(6,2) AS price, DATE '2020-02-29' AS d,
      TIMESTAMP '2020-02-29 23:59:59.123456' AS ts, TIMESTAMPTZ '2020-02-29 10:00:00+00' AS tz, 'é ü 漢字' AS s, true AS b,
      9007199254740993::BIGINT AS big`);
    const summary = await createTableFromColumnar(engine, { table: "copy", schema: "main" }, result);
    expect(summary.columns.map((c) => c.type)).toEqual([
      "BIGINT",
      "DECIMAL(6,2)",
      "DATE",
      "TIMESTAMP",
      "TIMESTAMP WITH TIME ZONE",
      "VARCHAR",
      "BOOLEAN",
      "BIGINT",
    ]);
    expect((await engine.execute("SELECT * FROM copy")).data).toEqual(result.data);

    // Appending maps columns by name, whatever their order; missing ones become NULL.
    await appendColumnar(
      engine,
      { table: "copy" },
      {
        columns: [
          { name: "s", type: "VARCHAR", kind: "string" },
          { name: "id", type: "BIGINT", kind: "numeric" },
        ],
        data: [["second"], [2]],
      },
    );
    expect(await rows("SELECT id, s, price FROM copy ORDER BY id")).toEqual([
      [1, 2],
      ["é ü 漢字", "second"],
      [12.5, null],
    ]);
    const unknown = await appendColumnar(
      engine,
      { table: "copy" },
      { columns: [{ name: "nope", type: "VARCHAR", kind: "string" }], data: [["x"]] },
    ).catch((e) => e);
    expect(unknown.errorType).toBe("COLUMN_DOES_NOT_EXIST_ERROR");
    // A failed append leaves the table as it was.
    expect(await rows("SELECT count(*) FROM copy")).toEqual([[2]]);
  });

  it("reports unreadable files clearly", async () => {
    const file = join(dir, "broken.parquet");
    writeFileSync(file, "this is not parquet");
    const error = await importFile(engine, file, "parquet", { table: "broken" }).catch((e) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error.message).toMatch(/parquet/i);
    expect((await engine.tables("main")).map((t) => t.name)).not.toContain("broken");
  });
});
