import {
  GetQueryExecutionCommand,
  GetQueryResultsCommand,
  GetTableMetadataCommand,
  ListDatabasesCommand,
  ListDataCatalogsCommand,
  ListTableMetadataCommand,
  StartQueryExecutionCommand,
  StopQueryExecutionCommand,
} from "@aws-sdk/client-athena";
import type { AthenaLike } from "./adapter.ts";

/**
 * MOCKED AWS CLIENT. Athena has no local emulator, so this is the one place a mock stands in for
 * the service: it answers the SDK commands the adapter sends, the way Athena documents them.
 */
export interface MockQuery {
  sql: string;
  input: Record<string, unknown>;
  polls: number;
  state: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
  error?: string;
  statementType: "DML" | "DDL" | "UTILITY";
  columns: { Name: string; Type: string }[];
  rows: (string | null)[][];
}

export class MockedAthenaClient implements AthenaLike {
  readonly sent: object[] = [];
  readonly queries = new Map<string, MockQuery>();
  resultPages = 0;

  /** `answer` says how a query ends; it sees the SQL and the request (bound values are in it). */
  constructor(private readonly answer: (sql: string, input: Record<string, unknown>) => Partial<MockQuery>) {}

  async send(command: object): Promise<unknown> {
    this.sent.push(command);
    const input = (command as { input: Record<string, any> }).input;
    if (command instanceof StartQueryExecutionCommand) {
      const id = `q${this.queries.size + 1}`;
      const sql = input.QueryString as string;
      this.queries.set(id, {
        sql,
        input,
        polls: 0,
        state: "QUEUED",
        statementType: "DML",
        columns: [],
        rows: [],
        ...this.answer(sql, input),
      });
      return { QueryExecutionId: id };
    }
    if (command instanceof GetQueryExecutionCommand) {
      const q = this.queries.get(input.QueryExecutionId)!;
      q.polls += 1;
      if (q.state === "QUEUED") q.state = "RUNNING";
      else if (q.state === "RUNNING" && q.polls >= 2 && !q.sql.includes("sleep"))
        q.state = q.error ? "FAILED" : "SUCCEEDED";
      return {
        QueryExecution: {
          QueryExecutionId: input.QueryExecutionId,
          StatementType: q.statementType,
          Status: {
            State: q.state,
            AthenaError: q.error ? { ErrorCategory: 2, ErrorMessage: q.error } : undefined,
          },
        },
      };
    }
    if (command instanceof StopQueryExecutionCommand) {
      this.queries.get(input.QueryExecutionId)!.state = "CANCELLED";
      return {};
    }
    if (command instanceof GetQueryResultsCommand) {
      this.resultPages += 1;
      const q = this.queries.get(input.QueryExecutionId)!;
      // SELECT results start with a header row; Athena pages at MaxResults rows.
      const all = q.statementType === "DML" ? [q.columns.map((c) => c.Name), ...q.rows] : q.rows;
      const start = input.NextToken ? Number(input.NextToken) : 0;
      const end = Math.min(all.length, start + (input.MaxResults ?? 1000));
      return {
        ResultSet: {
          ResultSetMetadata: { ColumnInfo: q.columns },
          Rows: all
            .slice(start, end)
            .map((row) => ({ Data: row.map((v) => (v === null ? {} : { VarCharValue: v })) })),
        },
        NextToken: end < all.length ? String(end) : undefined,
      };
    }
    if (command instanceof ListDataCatalogsCommand) {
      return { DataCatalogsSummary: [{ CatalogName: "AwsDataCatalog" }, { CatalogName: "Another" }] };
    }
    if (command instanceof ListDatabasesCommand) {
      return input.NextToken
        ? { DatabaseList: [{ Name: "analytics" }] }
        : { DatabaseList: [{ Name: "web" }, { Name: "default" }], NextToken: "p2" };
    }
    if (command instanceof ListTableMetadataCommand) {
      return {
        TableMetadataList: [
          { Name: "visits", TableType: "EXTERNAL_TABLE" },
          { Name: "daily_visits", TableType: "VIRTUAL_VIEW" },
        ],
      };
    }
    if (command instanceof GetTableMetadataCommand) {
      if (input.TableName === "nope") {
        throw Object.assign(new Error("Entity Not Found (Service: AWSGlue; Status Code: 400)"), {
          name: "MetadataException",
        });
      }
      return {
        TableMetadata: {
          Name: input.TableName,
          Columns: [
            { Name: "id", Type: "bigint" },
            { Name: "url", Type: "string" },
            { Name: "at", Type: "timestamp" },
          ],
          PartitionKeys: [{ Name: "dt", Type: "date" }],
        },
      };
    }
    throw new Error(`The mocked client got an unexpected command: ${command.constructor.name}`);
  }

  started(): MockQuery[] {
    return [...this.queries.values()];
  }
}
