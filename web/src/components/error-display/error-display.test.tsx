import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorMessage } from "./error-message";
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
