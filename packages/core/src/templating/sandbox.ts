import type { Environment } from "@huggingface/jinja";
import {
  indentedSize,
  jsonShape,
  PRINTED,
  recasedSize,
  replacedSize,
  splitCount,
  textSize,
} from "./growth-size.ts";
import { jinja } from "./jinja-engine.ts";
import { megabytes, TemplateLimitError } from "./limit-error.ts";
import { LiteralPlacementError, type LiteralVault } from "./literal-vault.ts";
import {
  ArrayValue,
  BooleanValue,
  FunctionValue,
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
 * a server needs on top: bounded work (steps, nesting, time, `range`, list and output sizes,
 * and the size of what each growing operation would make, checked before it is made),
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
export { TemplateLimitError };
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

  const maxChars = limits.maxOutputChars;
  /** At least the characters of `v.toString()`, counted up to `max` (see textSize). */
  const printedSize = (v: RuntimeValue, max = maxChars) =>
    isString(v) ? v.value.length : textSize(v, max, limits.maxDepth, PRINTED);
  /** The same for `v.value.toString()` (what `~`, `+`, `==` and `|join` turn a value into). */
  const joinedSize = (v: RuntimeValue, max = maxChars) =>
    v.value instanceof Map ? "[object Map]".length : printedSize(v, max);
  const overLimit = (what: string) =>
    new TemplateLimitError(`${what} would make text larger than ${megabytes(maxChars)} MB`);

  // The interpreter's own block (the same loop) would print a list or mapping as JSON before
  // anything is measured, and that JSON can be exponentially larger than the steps that made
  // the value (a list holding the previous one twice, 40 times over): each piece is measured
  // before it is added. What blocks produce is counted too, so loops can't build megabytes
  // before any single value is checked.
  interpreter.evaluateBlock = (statements, scope) => {
    let out = "";
    for (const statement of statements) {
      const value = interpreter.evaluate(statement, scope);
      if (value.type === "NullValue" || value.type === "UndefinedValue") continue;
      if (out.length + printedSize(value, maxChars - out.length) > maxChars) throw tooLarge(limits);
      out += value.toString();
    }
    budget.produced += out.length;
    if (budget.produced > maxChars * 8) throw tooLarge(limits);
    return str(out);
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
        // The separator goes between every two items: measured with them before anything is joined.
        let size = Math.max(0, items.value.length - 1) * object.value.length;
        for (const x of items.value) if (size <= maxChars) size += printedSize(x, maxChars - size);
        if (size > maxChars) throw overLimit("join");
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
      const text = revealed(object, vault);
      const method = bounded(text, original.member({ ...expr, object: precomputed(text) }, scope));
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
    return bounded(object, original.member({ ...expr, object: precomputed(object) }, scope));
  };

  /**
   * A str method that can make more than it was given (replace, split, upper, lower), found by
   * name or through a computed one (`s['rep' ~ 'lace']`): checked against its arguments first.
   */
  const bounded = (object: RuntimeValue, member: RuntimeValue): RuntimeValue => {
    if (!isString(object) || member.type !== "FunctionValue") return member;
    const builtins = (object as unknown as { builtins: Map<string, RuntimeValue> }).builtins;
    const name = GROWING_METHODS.find((m) => builtins.get(m) === member);
    if (!name) return member;
    const call = member.value as (args: RuntimeValue[], scope: Environment) => RuntimeValue;
    return new FunctionValue((args: RuntimeValue[], scope: Environment) => {
      if (name === "split") {
        const parts = splitCount(object.value, args[0], args[1], limits.maxItems);
        if (parts > limits.maxItems)
          throw new TemplateLimitError(
            `split would make a list of more than ${limits.maxItems.toLocaleString("en-US")} items`,
          );
      } else {
        // count=… comes as keyword arguments in third place, as the interpreter reads it.
        const third = args[2];
        const count =
          third?.type === "KeywordArgumentsValue"
            ? (third.value as Map<string, RuntimeValue>).get("count")
            : third;
        const size =
          name === "replace"
            ? replacedSize(object.value, args[0], args[1], count, maxChars)
            : recasedSize(object.value, maxChars);
        if (size > maxChars) throw overLimit(name);
      }
      return call(args, scope);
    });
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
    // `~` and `+` on a string write both sides' text (a list's as its items' text joined, which
    // can be exponentially long, see textSize); `==` and `!=` between a list and a string,
    // number or boolean let JavaScript turn the list into that text too. Measured first.
    if (op === "~" || (op === "+" && (isString(l) || isString(r)))) {
      const before = joinedSize(l);
      if (before + joinedSize(r, maxChars - before) > maxChars) throw overLimit(op);
    } else if (op === "+" && isList(l) && isList(r)) {
      if (l.value.length + r.value.length > limits.maxItems)
        throw new TemplateLimitError(
          `a list in the template would grow past ${limits.maxItems.toLocaleString("en-US")} items`,
        );
    } else if ((op === "==" || op === "!=") && isList(l) !== isList(r)) {
      const other = isList(l) ? r : l;
      if (
        ["string", "number", "boolean"].includes(typeof other.value) &&
        joinedSize(isList(l) ? l : r) > maxChars
      )
        throw overLimit("comparing a list");
    }
    return checkValue(original.binary({ ...node, left: precomputed(l), right: precomputed(r) }, scope));
  };

  interpreter.applyFilter = (operand, filterNode, scope) => {
    const name = filterName(filterNode);
    if (name === "where_in") return whereIn(operand, vault);
    if (name === "default" && filterNode.type === "Identifier")
      return operand.type === "UndefinedValue" ? str("") : operand;
    if (name === "sql_literal") return quoted(operand, vault);
    // Filters that keep markers whole (join, string, first…) see them; others (length, int,
    // upper, replace, tojson…) work on the text, and text they give back is marked again, so it
    // still reaches SQL as a literal.
    const plain = !holdsMarker(operand, vault) || KEEPS_MARKERS.has(name);
    const subject = plain ? operand : revealed(operand, vault);
    const node = GROWING_FILTERS.has(name) ? boundedFilter(name, subject, filterNode, scope) : filterNode;
    const out = original.filter(subject, node, scope);
    return plain ? out : remarked(out, vault);
  };

  /**
   * A filter that can make more than it was given, checked against its arguments before it
   * runs: the arguments are evaluated here, once, and handed to the interpreter as values.
   */
  const boundedFilter = (name: string, subject: RuntimeValue, filterNode: Node, scope: Environment): Node => {
    let args: RuntimeValue[] = [];
    let kwargs = new Map<string, RuntimeValue>();
    let node = filterNode;
    if (filterNode.type === "CallExpression") {
      [args, kwargs] = interpreter.evaluateArguments(filterNode.args as Node[], scope);
      node = {
        ...filterNode,
        args: [
          ...args.map(precomputed),
          ...[...kwargs].map(([key, value]) => ({
            type: "KeywordArgumentExpression",
            key: { type: "Identifier", value: key },
            value: precomputed(value),
          })),
        ],
      };
    }
    const arg = (i: number, key: string) => args[i] ?? kwargs.get(key);
    const text = isString(subject) ? subject.value : null;
    let size = 0;
    if (name === "replace" && text !== null && filterNode.type === "CallExpression") {
      size = replacedSize(text, args[0], args[1], args[2] ?? kwargs.get("count"), maxChars);
    } else if (name === "indent" && text !== null) {
      const width = arg(0, "width");
      const spaces = width ? (width.type === "IntegerValue" ? (width.value as number) : 0) : 4;
      // The interpreter makes the indent (" " × width) before looking at any line.
      size = Math.max(spaces, indentedSize(text, spaces, !!arg(1, "first")?.value, !!arg(2, "blank")?.value));
    } else if (name === "join") {
      const separator = arg(0, "separator");
      const between = isString(separator) ? separator.value.length : 0;
      if (text !== null && filterNode.type === "CallExpression")
        size = text.length + Math.max(0, text.length - 1) * between;
      else if (isList(subject)) {
        size = Math.max(0, subject.value.length - 1) * between;
        for (const x of subject.value) if (size <= maxChars) size += joinedSize(x, maxChars - size);
      }
    } else if (name === "tojson" || (name === "string" && isList(subject))) {
      const shape = name === "tojson" ? jsonShape(kwargs) : PRINTED;
      // With an indent, the interpreter makes " " × indent for any list or mapping, even empty.
      size = Math.max(shape.indent, textSize(subject, maxChars, limits.maxDepth, shape));
    } else if ((name === "upper" || name === "lower") && text !== null) {
      size = recasedSize(text, maxChars);
    }
    if (size > maxChars) throw overLimit(name);
    return node;
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
  evaluateArguments(args: Node[], scope: Environment): [RuntimeValue[], Map<string, RuntimeValue>];
}

const PRECOMPUTED = "StrataPrecomputed";
const precomputed = (value: RuntimeValue) => ({ type: PRECOMPUTED, value }) as unknown as Node;
const COMPARISONS = new Set(["==", "!=", "<", ">", "<=", ">=", "in", "not in"]);
/** Filters that take request values' markers as they are (see applyFilter). */
const KEEPS_MARKERS: ReadonlySet<string> = new Set([
  "join",
  "string",
  "safe",
  "list",
  "first",
  "last",
  "reverse",
  "unique",
]);
/** Filters whose result can be larger than what they are given (see boundedFilter). */
const GROWING_FILTERS: ReadonlySet<string> = new Set([
  "replace",
  "indent",
  "join",
  "tojson",
  "string",
  "upper",
  "lower",
]);
/** The same among str methods (see bounded). */
const GROWING_METHODS = ["replace", "split", "upper", "lower"];
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
  return new TemplateLimitError(`the rendered SQL is larger than ${megabytes(limits.maxOutputChars)} MB`);
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

/*
 * A list can hold the same list many times (`[l, l]`, forty times over, is forty steps and 2^40
 * paths): the walks below go into each list once and reuse what they found for it.
 */

function holdsMarker(v: RuntimeValue, vault: LiteralVault, seen = new Map<RuntimeValue, boolean>()): boolean {
  if (isString(v)) return vault.has(v.value);
  if (!isList(v)) return false;
  let holds = seen.get(v);
  if (holds === undefined) {
    holds = v.value.some((x) => holdsMarker(x, vault, seen));
    seen.set(v, holds);
  }
  return holds;
}

/**
 * The value with markers turned back into their text (for comparisons and filters only). The
 * text revealed for all of it counts against one allowance, the render's limit (see reveal).
 */
function revealed(
  v: RuntimeValue,
  vault: LiteralVault,
  walk = {
    allowance: { chars: vault.maxChars },
    done: new Map<RuntimeValue, RuntimeValue>(),
    seen: new Map(),
  },
): RuntimeValue {
  if (isString(v) && vault.has(v.value)) return str(vault.reveal(v.value, walk.allowance));
  if (!isList(v) || !holdsMarker(v, vault, walk.seen)) return v;
  let out = walk.done.get(v);
  if (!out) {
    out = list(v.value.map((x) => revealed(x, vault, walk)));
    walk.done.set(v, out);
  }
  return out;
}

/** Text a filter gave back from revealed values: marked again, so it stays a literal. */
function remarked(
  v: RuntimeValue,
  vault: LiteralVault,
  done = new Map<RuntimeValue, RuntimeValue>(),
): RuntimeValue {
  if (isString(v)) return str(vault.mark(v.value));
  if (!isList(v) && v.type !== "ObjectValue") return v;
  let out = done.get(v);
  if (!out) {
    out = isList(v)
      ? list(v.value.map((x) => remarked(x, vault, done)))
      : new ObjectValue(
          new Map([...(v.value as Map<string, RuntimeValue>)].map(([k, x]) => [k, remarked(x, vault, done)])),
        );
    done.set(v, out);
  }
  return out;
}

/** One value as SQL: strings as literals (through markers), numbers and booleans as they are. */
function quoted(v: RuntimeValue, vault: LiteralVault): RuntimeValue {
  return str(sqlItem(v, vault));
}

function sqlItem(v: RuntimeValue, vault: LiteralVault, allowance = { chars: vault.maxChars }): string {
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
    return whole ? v.value : vault.mark(vault.reveal(v.value, allowance));
  }
  throw new TemplateRuntimeError(
    `a ${v.type.replace("Value", "").toLowerCase()} can't be used as a SQL value`,
  );
}

/** Superset's `|where_in`: a list as `(v1, v2, …)`, each value a literal; empty → `(NULL)`. */
function whereIn(operand: RuntimeValue, vault: LiteralVault): RuntimeValue {
  const items = isList(operand) ? operand.value : [operand];
  if (!items.length) return str("(NULL)");
  // The items' texts rebuilt from markers count against one allowance (see reveal).
  const allowance = { chars: vault.maxChars };
  return str(`(${items.map((x) => sqlItem(x, vault, allowance)).join(", ")})`);
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
