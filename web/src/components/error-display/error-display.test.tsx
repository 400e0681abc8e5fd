import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorMessage } from "./error-message";
import { splitErrorText } from "./error-text";
import { nearMatches } from "./levenshtein";
import { PanelErrorBoundary } from "./panel-error-boundary";

const wrap = (ui: React.ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

describe("error display registry", () => {
  it("falls back to 'Unexpected error' for unknown types", () => {
    wrap(<ErrorMessage error={{ error_type: "WHATEVER" as never, message: "it broke", level: "error" }} />);
    expect(screen.getByText("Unexpected error")).toBeInTheDocument();
    expect(screen.getByText("it broke")).toBeInTheDocument();
  });

  it("titles database engine errors '{engine} Error'", () => {
    wrap(
      <ErrorMessage
        error={{
          error_type: "GENERIC_DB_ENGINE_ERROR",
          message: "syntax",
          level: "error",
          extra: { engine_name: "PostgreSQL" },
        }}
      />,
    );
    expect(screen.getByText("PostgreSQL Error")).toBeInTheDocument();
  });

  it("shows the timeout message with the configured seconds", () => {
    wrap(
      <ErrorMessage
        source="sqllab"
        error={{
          error_type: "FRONTEND_TIMEOUT_ERROR",
          message: "Request timed out",
          level: "error",
          extra: { timeout: 60 },
        }}
      />,
    );
    expect(
      screen.getByText(
        "We’re having trouble loading these results. Queries are set to timeout after 60 seconds.",
      ),
    ).toBeInTheDocument();
  });

  it("lets a custom catalogue override messages by type", () => {
    wrap(
      <ErrorMessage
        catalogue={{ GENERIC_BACKEND_ERROR: "Custom text" }}
        error={{ error_type: "GENERIC_BACKEND_ERROR", message: "raw", level: "error" }}
      />,
    );
    expect(screen.getByText("Custom text")).toBeInTheDocument();
  });

  it("suggests near-match parameter names within edit distance 2", () => {
    expect(nearMatches("cutsomer", ["customer", "country", "cust"])).toEqual(["customer"]);
  });
});

function Boom(): never {
  throw new Error("first line\nsecond line");
}

describe("database error text", () => {
  const duckdb =
    'Binder Error: Referenced column "nmu" not found in FROM clause!\nCandidate bindings: "num"\n\nLINE 1: SELECT SUM(nmu) FROM t\n                   ^';

  it("keeps the prose's line breaks and sets the quoted SQL and its pointer apart", () => {
    expect(splitErrorText(duckdb)).toEqual([
      {
        text: 'Binder Error: Referenced column "nmu" not found in FROM clause!\nCandidate bindings: "num"',
        code: false,
      },
      { text: "LINE 1: SELECT SUM(nmu) FROM t\n                   ^", code: true },
    ]);
    expect(splitErrorText("one line")).toEqual([{ text: "one line", code: false }]);
    // A pointer under a line without "LINE n:" still takes that line with it.
    expect(splitErrorText("bad\nSELECT x\n   ^")).toEqual([
      { text: "bad", code: false },
      { text: "SELECT x\n   ^", code: true },
    ]);
  });

  it("shows the SQL in a monospace block with its spaces", async () => {
    wrap(
      <ErrorMessage
        error={{
          error_type: "GENERIC_DB_ENGINE_ERROR",
          message: duckdb,
          level: "error",
          extra: { engine_name: "DuckDB" },
        }}
      />,
    );
    await waitFor(() => expect(document.querySelector('[data-test="error-sql"]')).not.toBeNull());
    const sql = document.querySelector('[data-test="error-sql"]');
    expect(sql?.tagName).toBe("PRE");
    expect(sql?.textContent).toBe("LINE 1: SELECT SUM(nmu) FROM t\n                   ^");
  });
});

describe("panel error boundary", () => {
  it("shows 'Unexpected error' and the first line of the message", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    wrap(
      <PanelErrorBoundary>
        <Boom />
      </PanelErrorBoundary>,
    );
    expect(screen.getByText("Unexpected error")).toBeInTheDocument();
    expect(screen.getByText("first line")).toBeInTheDocument();
    expect(screen.queryByText(/second line/)).toBeNull();
  });
});
