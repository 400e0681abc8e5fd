// The repository's architecture rules, checked by `npm run check:deps` (part of `npm test`) and
// exercised on a fixture tree by test/rules/dependency-rules.test.ts. Paths are relative to the root.
//
// Package direction (ARCHITECTURE.md, "Packages"):
//   query → contracts; engines → contracts (query and engines are siblings)
//   core → query, engines, contracts; functions → core, contracts; web → contracts
//   stacks refer to handlers by path, never by import.

const rootManifest = require("./package.json");

const CONTRACTS = "^packages/contracts/";
const QUERY = "^packages/query/";
const ENGINES = "^packages/engines/";
const CORE = "^packages/core/";
const FUNCTIONS = "^functions/";
const WEB = "^web/";
const STACKS = "^(stacks/|sst\\.config\\.ts$)";

/** Unit tests beside the code and their helpers (shared conformance suites, fixtures, setup). */
const TESTS_BESIDE_CODE = [
  "\\.test\\.tsx?$",
  "\\.conformance\\.ts$",
  "^web/src/test/",
  "^packages/query/src/testing/",
];
/** The cross-package suite under test/ (API, browser, infrastructure tests and benchmarks). */
const SHARED_TESTS = "^test/";

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const installedPackage = (names) => `(^|/)node_modules/(${names.map(escapeRegex).join("|")})/`;

/** Every test runs from the root, so it may use the root's dev tools (vitest, fast-check, …). */
const ROOT_DEV_TOOLS = installedPackage(Object.keys(rootManifest.devDependencies));
/** test/ drives every workspace, so it may also use what any workspace declares. */
const ANY_WORKSPACE_PACKAGE = installedPackage(
  rootManifest.workspaces.flatMap((workspace) => {
    const manifest = require(`./${workspace}/package.json`);
    return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  }),
);

/**
 * Violations that existed when the rules were introduced. Each entry matches exactly one
 * dependency, so anything new still fails. Remove an entry once it is fixed.
 */
const known = (rule, from, to) => ({ type: "dependency", rule: { name: rule, severity: "error" }, from, to });
const KNOWN_VIOLATIONS = [
  // The compiler's test fixtures borrow the real engine dialects to check SQL per engine.
  known(
    "query-imports-contracts-only",
    "packages/query/src/testing/fixtures.ts",
    "packages/engines/src/dialects.ts",
  ),
  // The compiler's engine tests drive the real drivers, which only packages/engines declares.
  known(
    "tests-use-declared-packages-or-root-dev-tools",
    "packages/query/src/sql/compile.postgres.test.ts",
    "node_modules/pg/esm/index.mjs",
  ),
  known(
    "tests-use-declared-packages-or-root-dev-tools",
    "packages/query/src/sql/compile.duckdb.test.ts",
    "node_modules/@duckdb/node-api/lib/index.js",
  ),
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "contracts-imports-nothing-of-ours",
      comment: "contracts is the bottom layer: wire shapes on valibot and rison only.",
      severity: "error",
      from: { path: CONTRACTS },
      to: { path: [QUERY, ENGINES, CORE, FUNCTIONS, WEB, STACKS] },
    },
    {
      name: "query-imports-contracts-only",
      comment:
        "query is a pure compiler; it declares the dialect interface it needs instead of importing engines.",
      severity: "error",
      from: { path: QUERY },
      to: { path: [ENGINES, CORE, FUNCTIONS, WEB, STACKS] },
    },
    {
      name: "engines-import-contracts-only",
      comment:
        "engines are adapters below the domain; each dialect satisfies query's interface structurally.",
      severity: "error",
      from: { path: ENGINES },
      to: { path: [QUERY, CORE, FUNCTIONS, WEB, STACKS] },
    },
    {
      name: "core-never-imports-entry-points",
      comment: "core is the domain; the handlers, the SPA and the stacks sit above it.",
      severity: "error",
      from: { path: CORE },
      to: { path: [FUNCTIONS, WEB, STACKS] },
    },
    {
      name: "functions-import-core-and-contracts-only",
      comment: "Handlers parse, call one core verb and shape the reply; engines and the compiler are core's.",
      severity: "error",
      from: { path: FUNCTIONS },
      to: { path: [QUERY, ENGINES, WEB, STACKS] },
    },
    {
      name: "web-imports-contracts-only",
      comment: "The SPA shares wire shapes with the API through contracts and nothing else of the server.",
      severity: "error",
      from: { path: WEB },
      to: { path: [QUERY, ENGINES, CORE, FUNCTIONS, STACKS] },
    },
    {
      name: "browser-code-without-node-builtins",
      comment: "contracts, query and the SPA run in the browser too.",
      severity: "error",
      from: { path: [CONTRACTS, QUERY, WEB], pathNot: TESTS_BESIDE_CODE },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "stacks-refer-to-handlers-by-path",
      comment: "Stacks name handler files as strings; importing them would pull app code into the CDK app.",
      severity: "error",
      from: { path: STACKS },
      to: { path: ["^packages/", FUNCTIONS, WEB] },
    },
    {
      name: "no-cross-feature-imports",
      comment:
        "A feature may use src/lib, src/components and src/config; what two features share moves there.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "features-never-import-the-app-shell",
      comment: "src/app composes the features (router, providers); features do not reach back into it.",
      severity: "error",
      from: { path: "^web/src/features/" },
      to: { path: "^web/src/app/" },
    },
    {
      name: "shared-web-code-never-imports-features",
      comment: "src/lib, src/components and src/config sit below the features and the app shell.",
      severity: "error",
      from: { path: "^web/src/(lib|components|config)/" },
      to: { path: "^web/src/(features|app)/" },
    },
    {
      name: "no-circular",
      comment:
        "Runtime import cycles make load order matter (type-only imports are erased, so they do not count).",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves to a file or an installed package.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "only-declared-packages",
      comment:
        "Each workspace imports only packages its own package.json declares (hoisting would hide a gap).",
      severity: "error",
      from: { pathNot: [...TESTS_BESIDE_CODE, SHARED_TESTS] },
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "tests-use-declared-packages-or-root-dev-tools",
      comment: "Tests beside the code may also use the root's devDependencies.",
      severity: "error",
      from: { path: TESTS_BESIDE_CODE, pathNot: SHARED_TESTS },
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"], pathNot: ROOT_DEV_TOOLS },
    },
    {
      name: "shared-tests-use-declared-packages",
      comment: "test/ may use the root's devDependencies and what any workspace declares.",
      severity: "error",
      from: { path: SHARED_TESTS },
      to: {
        dependencyTypes: ["npm-no-pkg", "npm-unknown"],
        pathNot: [ROOT_DEV_TOOLS, ANY_WORKSPACE_PACKAGE],
      },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    // The rule test's deliberately broken fixture tree is cruised on its own, never with the repository.
    exclude: { path: "^test/rules/fixtures/" },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
    knownViolations: KNOWN_VIOLATIONS,
  },
};
