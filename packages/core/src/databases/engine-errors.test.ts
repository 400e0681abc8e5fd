import { EngineError } from "@strata/engines";
import { invalidPayload } from "@strata/query";
import { describe, expect, it } from "vitest";
import { AppError, badRequest } from "../errors.ts";
import { knownErrorToAppError, toEngineError } from "./engine-errors.ts";

describe("knownErrorToAppError (the HTTP boundary's mapping)", () => {
  it("maps an engine error like a call site that names the engine", () => {
    const error = new EngineError(
      'Binder Error: Referenced column "nope" not found',
      "COLUMN_DOES_NOT_EXIST_ERROR",
      400,
      {
        engine_name: "DuckDB",
      },
    );
    const mapped = knownErrorToAppError(error);
    expect(mapped?.status).toBe(400);
    expect(mapped?.body).toEqual(toEngineError(error, "duckdb").body);
  });

  it("keeps an engine error that names no engine in Superset's shape", () => {
    const mapped = knownErrorToAppError(
      new EngineError("There is no SQL statement to run.", "INVALID_SQL_ERROR"),
    );
    expect(mapped?.status).toBe(400);
    expect(mapped?.body.message).toBe("There is no SQL statement to run.");
    expect(mapped?.body.errors?.[0]).toMatchObject({ error_type: "INVALID_SQL_ERROR", level: "error" });
  });

  it("maps a query-layer refusal to a 400 with its error type", () => {
    const mapped = knownErrorToAppError(invalidPayload("Unknown column: nope"));
    expect(mapped?.status).toBe(400);
    expect(mapped?.body).toEqual({
      message: "Unknown column: nope",
      errors: [
        {
          error_type: "INVALID_PAYLOAD_SCHEMA_ERROR",
          message: "Unknown column: nope",
          level: "error",
          extra: null,
        },
      ],
    });
  });

  it("passes typed errors through and leaves unknown ones to the boundary", () => {
    const typed = badRequest("no");
    expect(knownErrorToAppError(typed)).toBe(typed);
    expect(knownErrorToAppError(new Error("boom"))).toBeNull();
    expect(typed).toBeInstanceOf(AppError);
  });
});
