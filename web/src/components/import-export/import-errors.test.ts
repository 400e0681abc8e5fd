import type { SupersetError } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { importFailureMessage, readImportErrors } from "./import-errors";

const issueCodes = [
  { code: 1010, message: "Issue 1010 - Superset encountered an error while running a command." },
];
const refused = (extra: Record<string, unknown>): SupersetError[] => [
  {
    message: "Error importing dashboard",
    error_type: "GENERIC_COMMAND_ERROR",
    level: "warning",
    extra: { ...extra, issue_codes: issueCodes },
  } as SupersetError,
];

describe("readImportErrors", () => {
  it("collects the password and SSH prompts by database file", () => {
    const prompts = readImportErrors(
      refused({
        "databases/Warehouse.yaml": { _schema: ["Must provide a password for the database"] },
        "databases/Tunnel.yaml": {
          _schema: [
            "Must provide a password for the ssh tunnel",
            "Must provide a private key for the ssh tunnel",
            "Must provide a private key password for the ssh tunnel",
          ],
        },
      }),
    );
    expect(prompts).toEqual({
      passwords: ["databases/Warehouse.yaml"],
      sshPasswords: ["databases/Tunnel.yaml"],
      sshPrivateKeys: ["databases/Tunnel.yaml"],
      sshPrivateKeyPasswords: ["databases/Tunnel.yaml"],
      alreadyExists: [],
    });
  });

  it("recognises the already-exists answer", () => {
    const prompts = readImportErrors(
      refused({ "dashboards/Births_1.yaml": "Dashboard already exists and `overwrite=true` was not passed" }),
    );
    expect(prompts?.alreadyExists).toEqual(["dashboards/Births_1.yaml"]);
    expect(prompts?.passwords).toEqual([]);
  });

  it("treats any other problem, or none named, as a final failure", () => {
    expect(readImportErrors([])).toBeNull();
    expect(readImportErrors(refused({}))).toBeNull();
    expect(
      readImportErrors(
        refused({
          "databases/Warehouse.yaml": { _schema: ["Must provide a password for the database"] },
          "charts/x.json": { uuid: ["Missing data for required field."] },
        }),
      ),
    ).toBeNull();
    expect(
      readImportErrors(
        refused({ "databases/T.yaml": { _schema: ["SSH tunnels are not supported by Strata"] } }),
      ),
    ).toBeNull();
  });
});

describe("importFailureMessage", () => {
  it("lists each file's problem and the re-export hint", () => {
    const message = importFailureMessage(
      "chart",
      "Error importing chart",
      refused({ "charts/x.json": { uuid: ["Missing data for required field."] } }),
    );
    expect(message).toBe(
      "An error occurred while importing chart: Error importing dashboard.\n" +
        "charts/x.json: uuid: Missing data for required field.\n" +
        "Please re-export your file and try importing again",
    );
  });

  it("uses the plain message when the server sent no error list", () => {
    expect(importFailureMessage("chart", "Not a zip file", [])).toBe(
      "An error occurred while importing chart: Not a zip file",
    );
  });
});
