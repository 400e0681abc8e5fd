import type { Environment } from "@huggingface/jinja";
import { jinja } from "./jinja-engine.ts";
import { LiteralPlacementError, type LiteralVault } from "./literal-vault.ts";
import {
  ArrayValue,
  BooleanValue,
  fn,
  IntegerValue,
  isList,
  isString,
  list,
  NullValue,
  ObjectValue,
  type RuntimeValue,
  StringValue,
  str,
} from "./runtime-values.ts";

/**
 * The Jinja interpreter (`@huggingface/jinja`: written in TypeScript, values are tagged classes
 * with Map members, so no template reaches a JavaScript object, prototype or global) with what
 * a server needs on top: bounded work (steps, nesting, time, `range`, list and output sizes),
 * undefined names reported instead of printed as nothing, Superset's `where_in` filter, and
 * request values kept as opaque markers (literal-vault.ts) that comparisons and filters still
 * see as their text.
 *
 * The package has no hook for filters or limits, so one interpreter instance per render gets a
 * few of its methods wrapped; the version is pinned in package.json and the unit tests cover
 * each wrapped path.
 */

export interface TemplateLimits {
  /** Characters of rendered SQL (1 MB). */
  maxOutputChars: number;
  /** Evaluation steps of one render (loop bodies, expressions). */
  maxSteps: number;
  /** Nesting of evaluation (recursive macros end here). */
  maxDepth: number;
  /** Items `range()` may make, and any list may hold. */
  maxItems: number;
  /** Wall time of one render. */
  maxMillis: number;
}

export const DEFAULT_TEMPLATE_LIMITS: TemplateLimits = {
  maxOutputChars: 1_000_000,
  maxSteps: 2_000_000,
  maxDepth: 300,
  maxItems: 100_000,
  maxMillis: 2_000,
};

export class TemplateSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number | null,
  ) {
    super(line ? `${reason} (line ${line})` : reason);
  }
}
export class TemplateLimitError extends Error {}
export class TemplateRuntimeError extends Error {}
export class TemplateMissingError extends Error {
  constructor(readonly names: string[]) {
    super(`undefined: ${names.join(", ")}`);
  }
}

type Program = ReturnType<typeof import("@huggingface/jinja").parse>;
type Node = { type: string; [k: string]: unknown };

/** Parses a template; a syntax error names the first line at which it shows. */
export function parseTemplate(text: string): Program {
  const { parse, tokenize } = jinja();
  try {
    return parse(tokenize(text, { lstrip_blocks: false, trim_blocks: false }));
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new TemplateSyntaxError(reason, errorLine(text, reason));
  }
}

/**
 * The parser reports no positions: the error's line is the first prefix of lines that fails
 * with the same message (an unclosed block fails at the line that opens it).
 */
function errorLine(text: string, reason: string): number | null {
  const { parse, tokenize } = jinja();
  const lines = text.split("\n");
  // Re-parsing prefixes costs lines × length: give up on the line past a bounded amount of work.
  if (lines.length * text.length > 20_000_000) return null;
  for (let n = 1; n <= lines.length; n++) {
    try {
      parse(tokenize(lines.slice(0, n).join("\n"), { lstrip_blocks: false, trim_blocks: false }));
    } catch (e) {
      if ((e instanceof Error ? e.message : String(e)) === reason) return n;
    }
  }
  return null;
}

/** Attribute names that only ever mean an escape attempt (Python dunders, JS prototypes). */
const FORBIDDEN_ATTRIBUTE = /^(_.*|constructor|prototype|mro|func_globals|f_globals|gi_frame|gi_code)$/;

/**
 * The work of one render, shared by the renders nested in it (a saved metric's template that
 * `metric()` expands): the limits bound the whole, not each piece.
 */
export interface RenderBudget {
  steps: number;
  depth: number;
  produced: number;
  deadline: number;
}

export function renderBudget(limits: TemplateLimits = DEFAULT_TEMPLATE_LIMITS): RenderBudget {
  return { steps: 0, depth: 0, produced: 0, deadline: Date.now() + limits.maxMillis };
}

/**
 * Renders a parsed template with `globals` (the context) under `limits`. The text that comes
 * back still holds the vault's markers: the caller places them (`placeLiterals`) once, on the
 * whole SQL.
 */
export function renderProgram(
  program: Program,
  globals: Map<string, RuntimeValue>,
  vault: LiteralVault,
  limits: TemplateLimits = DEFAULT_TEMPLATE_LIMITS,
  budget: RenderBudget = renderBudget(limits),
): string {
  const engine = jinja();
  const env = new engine.Environment();
  const root = env as unknown as { setVariable(name: string, v: RuntimeValue): void };
  const base: [string, RuntimeValue][] = [
    ["true", new BooleanValue(true)],
    ["false", new BooleanValue(false)],
    ["none", new NullValue(null)],
    ["True", new BooleanValue(true)],
    ["False", new BooleanValue(false)],
    ["None", new NullValue(null)],
    ["range", fn((args) => boundedRange(args, limits.maxItems))],
  ];
  for (const [name, value] of [...base, ...globals]) root.setVariable(name, value);

  const interpreter = new engine.Interpreter(env) as unknown as Patched;
  const missing = new Set<string>();
  let lenient = 0;

  const original = {
    evaluate: interpreter.evaluate.bind(interpreter),
    binary: interpreter.evaluateBinaryExpression.bind(interpreter),
    filter: interpreter.applyFilter.bind(interpreter),
    identifier: interpreter.evaluateIdentifier.bind(interpreter),
    member: interpreter.evaluateMemberExpression.bind(interpreter),
  };

  const checkValue = (v: RuntimeValue) => {
    if (isString(v) && v.value.length > limits.maxOutputChars) throw tooLarge(limits);
    if (isList(v) && v.value.length > limits.maxItems)
      throw new TemplateLimitError(
        `a list in the template grew past ${limits.maxItems.toLocaleString("en-US")} items`,
      );
    return v;
  };

  interpreter.evaluate = (node, scope) => {
    if (node?.type === PRECOMPUTED) return (node as unknown as { value: RuntimeValue }).value;
    budget.steps += 1;
    if (budget.steps > limits.maxSteps)
      throw new TemplateLimitError(
        `the template takes more than ${limits.maxSteps.toLocaleString("en-US")} steps`,
      );
    if ((budget.steps & 15) === 0 && Date.now() > budget.deadline)
      throw new TemplateLimitError(`the template takes longer than ${limits.maxMillis / 1000} s to render`);
    budget.depth += 1;
    if (budget.depth > limits.maxDepth) {
      budget.depth -= 1;
      throw new TemplateLimitError("the template nests too deeply (a macro that calls itself without end?)");
    }
    // `x is defined` and `x|default(…)` are how a template asks whether a name exists.
    const asks = asksForUndefined(node);
    if (asks) lenient += 1;
    try {
      return checkValue(original.evaluate(node, scope));
    } finally {
      budget.depth -= 1;
      if (asks) lenient -= 1;
    }
  };

  // The interpreter builds a block's text itself: count what blocks produce so loops can't
  // build megabytes before any single value is checked.
  const block = interpreter.evaluateBlock.bind(interpreter);
  interpreter.evaluateBlock = (statements, scope) => {
    const out = block(statements, scope);
    budget.produced += (out.value as string).length;
    if ((out.value as string).length > limits.maxOutputChars || budget.produced > limits.maxOutputChars * 8)
      throw tooLarge(limits);
    return out;
  };

  interpreter.evaluateIdentifier = (node, scope) => {
    const value = original.identifier(node, scope);
    const name = (node as unknown as { value: string }).value;
    if (value.type === "UndefinedValue" && !lenient && !declared(scope, name)) missing.add(name);
    return value;
  };

  interpreter.evaluateMemberExpression = (expr, scope) => {
    const property = expr.property as Node;
    const name =
      property.type === "Identifier" || property.type === "StringLiteral" ? (property.value as string) : null;
    if (name !== null && FORBIDDEN_ATTRIBUTE.test(name))
      throw new TemplateRuntimeError(`access to the attribute "${name}" is not allowed`);
    const object = interpreter.evaluate(expr.object as Node, scope);
    // Python's `"','".join(values)` (Superset's documented idiom): markers stay whole, so each
    // value still lands as a literal (inside the quotes the template wrote, doubled as needed).
    if (isString(object) && name === "join" && !expr.computed) {
      return fn((args) => {
        const items = args[0];
        if (!isList(items)) throw new TemplateRuntimeError("join() takes a list");
        return str(items.value.map((x) => x.toString()).join(object.value));
      });
    }
    // Python's str methods on a request value work on its text, like the filters of the same
    // name; what they give back is marked again (or is a boolean), so it still lands as a literal.
    if (
      isString(object) &&
      name !== null &&
      !expr.computed &&
      STRING_METHODS.has(name) &&
      vault.has(object.value)
    ) {
      const method = original.member({ ...expr, object: precomputed(revealed(object, vault)) }, scope);
      return fn((args) =>
        remarked(
          (method.value as (a: RuntimeValue[], s: Environment) => RuntimeValue)(
            args.map((a) => revealed(a, vault)),
            scope,
          ),
          vault,
        ),
      );
    }
    return original.member({ ...expr, object: precomputed(object) }, scope);
  };

  interpreter.evaluateBinaryExpression = (node, scope) => {
    const op = (node.operator as { value: string }).value;
    if (op === "and" || op === "or") return original.binary(node, scope);
    const left = interpreter.evaluate(node.left as Node, scope);
    const right = interpreter.evaluate(node.right as Node, scope);
    // Comparisons look at the values' text; concatenation keeps the markers (placed later).
    const compares = COMPARISONS.has(op);
    const l = compares ? revealed(left, vault) : left;
    const r = compares ? revealed(right, vault) : right;
    return checkValue(original.binary({ ...node, left: precomputed(l), right: precomputed(r) }, scope));
  };

  interpreter.applyFilter = (operand, filterNode, scope) => {
    const name = filterName(filterNode);
    if (name === "where_in") return whereIn(operand, vault);
    if (name === "default" && filterNode.type === "Identifier")
      return operand.type === "UndefinedValue" ? str("") : operand;
    if (name === "sql_literal") return quoted(operand, vault);
    if (!holdsMarker(operand, vault)) return original.filter(operand, filterNode, scope);
    if (
      name === "join" ||
      name === "string" ||
      name === "safe" ||
      name === "list" ||
      name === "first" ||
      name === "last" ||
      name === "reverse" ||
      name === "unique"
    )
      return original.filter(operand, filterNode, scope);
    // Other filters (length, int, upper, replace, tojson…) work on the text; text they give
    // back is marked again, so it still reaches SQL as a literal.
    return remarked(original.filter(revealed(operand, vault), filterNode, scope), vault);
  };

  let text: string;
  try {
    text = (interpreter.run(program) as RuntimeValue).value as string;
  } catch (e) {
    if (missing.size) throw new TemplateMissingError([...missing]);
    // Errors of a render nested in this one (metric()) keep their kind.
    if (
      e instanceof TemplateLimitError ||
      e instanceof TemplateRuntimeError ||
      e instanceof TemplateMissingError ||
      e instanceof LiteralPlacementError
    )
      throw e;
    if (e instanceof RangeError && /call stack/i.test(e.message))
      throw new TemplateLimitError("the template nests too deeply (a macro that calls itself without end?)");
    if (e instanceof Error && e.name === "AppError") throw e;
    throw new TemplateRuntimeError(e instanceof Error ? e.message : String(e));
  }
  if (missing.size) throw new TemplateMissingError([...missing]);
  if (text.length > limits.maxOutputChars) throw tooLarge(limits);
  return text;
}

interface Patched {
  run(program: Program): unknown;
  evaluate(node: Node | undefined, scope: Environment): RuntimeValue;
  evaluateBlock(statements: Node[], scope: Environment): RuntimeValue;
  evaluateBinaryExpression(node: Node, scope: Environment): RuntimeValue;
  applyFilter(operand: RuntimeValue, filterNode: Node, scope: Environment): RuntimeValue;
  evaluateIdentifier(node: Node, scope: Environment): RuntimeValue;
  evaluateMemberExpression(node: Node, scope: Environment): RuntimeValue;
}

const PRECOMPUTED = "StrataPrecomputed";
const precomputed = (value: RuntimeValue) => ({ type: PRECOMPUTED, value }) as unknown as Node;
const COMPARISONS = new Set(["==", "!=", "<", ">", "<=", ">=", "in", "not in"]);
/** The interpreter's str methods that may run on a request value's text (see evaluateMemberExpression). */
const STRING_METHODS: ReadonlySet<string> = new Set([
  "upper",
  "lower",
  "title",
  "capitalize",
  "strip",
  "lstrip",
  "rstrip",
  "replace",
  "split",
  "startswith",
  "endswith",
]);

function tooLarge(limits: TemplateLimits) {
  return new TemplateLimitError(
    `the rendered SQL is larger than ${(limits.maxOutputChars / 1_000_000).toLocaleString("en-US")} MB`,
  );
}

function asksForUndefined(node: Node | undefined): boolean {
  if (!node) return false;
  if (node.type === "TestExpression") return (node.operand as Node).type === "Identifier";
  if (node.type === "FilterExpression")
    return filterName(node.filter as Node) === "default" && (node.operand as Node).type === "Identifier";
  return false;
}

function filterName(node: Node): string {
  if (node.type === "Identifier") return node.value as string;
  if (node.type === "CallExpression" && (node.callee as Node).type === "Identifier")
    return (node.callee as Node).value as string;
  return "";
}

function declared(scope: Environment, name: string): boolean {
  for (let s: Environment | undefined = scope; s; s = s.parent) if (s.variables.has(name)) return true;
  return false;
}

function boundedRange(args: RuntimeValue[], maxItems: number): RuntimeValue {
  const nums = args.map((a) => {
    if (a.type !== "IntegerValue") throw new TemplateRuntimeError("range() takes integers");
    return a.value as number;
  });
  const [start, stop, step] =
    nums.length === 1 ? [0, nums[0], 1] : [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 1];
  if (step === 0) throw new TemplateRuntimeError("range() step must not be zero");
  const count = Math.max(0, Math.ceil((stop - start) / step));
  if (count > maxItems)
    throw new TemplateLimitError(`range() may make at most ${maxItems.toLocaleString("en-US")} items`);
  return list(Array.from({ length: count }, (_, i) => new IntegerValue(start + i * step)));
}

function holdsMarker(v: RuntimeValue, vault: LiteralVault): boolean {
  if (isString(v)) return vault.has(v.value);
  if (isList(v)) return v.value.some((x) => holdsMarker(x, vault));
  return false;
}

/** The value with markers turned back into their text (for comparisons and filters only). */
function revealed(v: RuntimeValue, vault: LiteralVault): RuntimeValue {
  if (isString(v) && vault.has(v.value)) return str(vault.reveal(v.value));
  if (isList(v) && v.value.some((x) => holdsMarker(x, vault)))
    return list(v.value.map((x) => revealed(x, vault)));
  return v;
}

/** Text a filter gave back from revealed values: marked again, so it stays a literal. */
function remarked(v: RuntimeValue, vault: LiteralVault): RuntimeValue {
  if (isString(v)) return str(vault.mark(v.value));
  if (isList(v)) return list(v.value.map((x) => remarked(x, vault)));
  if (v.type === "ObjectValue")
    return new ObjectValue(
      new Map([...(v.value as Map<string, RuntimeValue>)].map(([k, x]) => [k, remarked(x, vault)])),
    );
  return v;
}

/** One value as SQL: strings as literals (through markers), numbers and booleans as they are. */
function quoted(v: RuntimeValue, vault: LiteralVault): RuntimeValue {
  return str(sqlItem(v, vault));
}

function sqlItem(v: RuntimeValue, vault: LiteralVault): string {
  switch (v.type) {
    case "IntegerValue":
      return String(v.value);
    case "FloatValue":
      return Number.isFinite(v.value) ? String(v.value) : "NULL";
    case "BooleanValue":
      return v.value ? "TRUE" : "FALSE";
    case "NullValue":
    case "UndefinedValue":
      return "NULL";
  }
  if (isString(v)) {
    // A value that is exactly one marker keeps it; any other text (the template's own) is marked.
    const markers = (v.value as string).match(vault.pattern)?.length ?? 0;
    const whole = markers === 1 && v.value.replace(vault.pattern, "") === "";
    return whole ? v.value : vault.mark(vault.reveal(v.value));
  }
  throw new TemplateRuntimeError(
    `a ${v.type.replace("Value", "").toLowerCase()} can't be used as a SQL value`,
  );
}

/** Superset's `|where_in`: a list as `(v1, v2, …)`, each value a literal; empty → `(NULL)`. */
function whereIn(operand: RuntimeValue, vault: LiteralVault): RuntimeValue {
  const items = isList(operand) ? operand.value : [operand];
  if (!items.length) return str("(NULL)");
  return str(`(${items.map((x) => sqlItem(x, vault)).join(", ")})`);
}

/** A list of request values that prints as a SQL list, like `|where_in`. */
export function sqlList(items: RuntimeValue[], vault: LiteralVault): RuntimeValue {
  const out = new ArrayValue(items);
  (out as { toString(): string }).toString = () => whereIn(out, vault).value as string;
  return out;
}

/** A request string as the template sees it: a marker, printed as a literal. */
export function requestString(value: string, vault: LiteralVault): RuntimeValue {
  return new StringValue(vault.mark(value));
}
