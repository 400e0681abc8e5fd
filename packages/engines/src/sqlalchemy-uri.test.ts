import { describe, expect, it } from "vitest";
import { buildSqlalchemyUri, maskUriPassword, parseSqlalchemyUri } from "./sqlalchemy-uri.ts";

describe("parseSqlalchemyUri", () => {
  it("reads PostgreSQL URIs with or without a driver", () => {
    expect(parseSqlalchemyUri("postgresql://scott:tiger@db.example.com:6543/sales")).toEqual({
      engine: "postgresql",
      driver: null,
      parameters: {
        host: "db.example.com",
        port: 6543,
        username: "scott",
        password: "tiger",
        database: "sales",
        query: {},
      },
    });
    const parsed = parseSqlalchemyUri(
      "postgresql+psycopg2://u%40corp:p%3Ass%2Fw@localhost/app?sslmode=require",
    );
    expect(parsed.driver).toBe("psycopg2");
    expect(parsed.parameters).toMatchObject({
      username: "u@corp",
      password: "p:ss/w",
      host: "localhost",
      port: 5432,
      database: "app",
      encryption: true,
    });
    expect(parseSqlalchemyUri("postgres://h/db").engine).toBe("postgresql");
  });

  it("reads DuckDB URIs: relative file, absolute file, memory", () => {
    expect(parseSqlalchemyUri("duckdb:///examples.duckdb").parameters).toEqual({ path: "examples.duckdb" });
    expect(parseSqlalchemyUri("duckdb:////var/data/x.duckdb").parameters).toEqual({
      path: "/var/data/x.duckdb",
    });
    expect(parseSqlalchemyUri("duckdb:///:memory:").parameters).toEqual({ path: ":memory:" });
  });

  it("reads Athena URIs", () => {
    const parsed = parseSqlalchemyUri(
      "awsathena+rest://AKIAEXAMPLE:secret%2Fkey@athena.eu-west-1.amazonaws.com:443/web_logs?s3_staging_dir=s3%3A%2F%2Fbucket%2Fresults%2F&work_group=analysts",
    );
    expect(parsed).toEqual({
      engine: "awsathena",
      driver: "rest",
      parameters: {
        region_name: "eu-west-1",
        schema_name: "web_logs",
        s3_staging_dir: "s3://bucket/results/",
        work_group: "analysts",
        catalog: undefined,
        username: "AKIAEXAMPLE",
        password: "secret/key",
        query: {},
      },
    });
  });

  it("refuses unknown drivers and malformed strings with Superset's messages", () => {
    expect(() => parseSqlalchemyUri("mysql://u:p@h/db")).toThrow("Could not load database driver: mysql");
    expect(() => parseSqlalchemyUri("not a uri")).toThrow(/Invalid connection string/);
    expect(() => parseSqlalchemyUri("postgresql://u:p@h:notaport/db")).toThrow(/Invalid connection string/);
  });
});

describe("buildSqlalchemyUri", () => {
  it("builds URIs that parse back to the same parameters", () => {
    const params = {
      host: "db",
      port: 5432,
      username: "a b",
      password: "p@ss",
      database: "sales",
      encryption: true,
      query: {},
    };
    const uri = buildSqlalchemyUri("postgresql", params);
    expect(uri).toBe("postgresql+psycopg2://a%20b:p%40ss@db:5432/sales?sslmode=require");
    expect(parseSqlalchemyUri(uri).parameters).toMatchObject({
      host: "db",
      username: "a b",
      password: "p@ss",
      database: "sales",
      encryption: true,
    });
    expect(buildSqlalchemyUri("duckdb", { path: "examples.duckdb" })).toBe("duckdb:///examples.duckdb");
    const athena = buildSqlalchemyUri("awsathena", {
      region_name: "us-east-2",
      schema_name: "logs",
      s3_staging_dir: "s3://b/r/",
    });
    expect(athena).toBe(
      "awsathena+rest://@athena.us-east-2.amazonaws.com/logs?s3_staging_dir=s3%3A%2F%2Fb%2Fr%2F",
    );
    expect(parseSqlalchemyUri(athena).parameters).toMatchObject({
      region_name: "us-east-2",
      schema_name: "logs",
      s3_staging_dir: "s3://b/r/",
    });
  });

  it("masks the password when asked", () => {
    expect(
      buildSqlalchemyUri(
        "postgresql",
        { host: "h", port: 5432, username: "u", password: "secret", database: "d" },
        { maskPassword: true },
      ),
    ).toBe("postgresql+psycopg2://u:XXXXXXXXXX@h:5432/d");
    expect(maskUriPassword("postgresql://u:secret@h/d")).toBe("postgresql://u:XXXXXXXXXX@h/d");
    expect(maskUriPassword("duckdb:///x.duckdb")).toBe("duckdb:///x.duckdb");
  });
});
