import { describe, expect, it } from "vitest";
import { toParameterErrors } from "./validate-parameters";

describe("validate_parameters errors (001 §5)", () => {
  const errors = [
    {
      error_type: "CONNECTION_MISSING_PARAMETERS_ERROR" as const,
      message: "One or more parameters are missing: host, port",
      level: "warning" as const,
      extra: { missing: ["host", "port"] },
    },
    {
      error_type: "CONNECTION_INVALID_HOSTNAME_ERROR" as const,
      message: "The hostname cannot be resolved",
      level: "error" as const,
      extra: { invalid: ["host"] },
    },
    {
      error_type: "CONNECTION_ACCESS_DENIED_ERROR" as const,
      message: "Invalid username or password",
      level: "error" as const,
      extra: { invalid: ["username", "password"] },
    },
  ];

  it("shows only missing-parameter, access-denied and payload-schema errors while typing", () => {
    expect(toParameterErrors(errors)).toEqual({
      host: "This is a required field",
      port: "This is a required field",
      username: "Invalid username or password",
      password: "Invalid username or password",
    });
  });

  it("shows every error when forced", () => {
    expect(toParameterErrors(errors, true).host).toBe("The hostname cannot be resolved");
  });
});
