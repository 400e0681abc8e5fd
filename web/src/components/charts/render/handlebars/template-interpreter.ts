import { parse } from "handlebars/dist/cjs/handlebars/compiler/base.js";
import { escapeExpression } from "handlebars/dist/cjs/handlebars/utils.js";

/**
 * Handlebars templates run by walking their syntax tree, never compiled to JavaScript: the SPA's
 * Content-Security-Policy forbids `eval`/`new Function` (which Handlebars' compiler needs), and
 * walking the tree lets every lookup stay on the data's own properties — a template cannot reach
 * `constructor`, prototypes, `window` or anything but the rows and the helpers given to it.
 * Supported: mustaches ({{x}} escaped, {{{x}}} raw), paths (this, ../, @index/@key/@first/@last,
 * @root, block params), literals, sub-expressions, hash arguments, the built-in blocks (#each,
 * #if, #unless, #with) and `lookup`, and the helpers passed in. Partials and decorators are not.
 */

/** A node of Handlebars' syntax tree (Program, MustacheStatement, PathExpression…). */
type AST = { type: string } & Record<string, unknown>;
export interface HelperOptions {
  hash: Record<string, unknown>;
  fn: (context: unknown) => string;
  inverse: (context: unknown) => string;
}
export type Helper = (...args: unknown[]) => unknown;

interface Frame {
  context: unknown;
  data: Record<string, unknown>;
  params: Record<string, unknown>;
  parent: Frame | null;
}

export class TemplateError extends Error {}

const own = (value: unknown, key: string): unknown => {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "object" && typeof value !== "string") return undefined;
  if (Array.isArray(value) && key === "length") return value.length;
  return Object.hasOwn(value as object, key) ? (value as Record<string, unknown>)[key] : undefined;
};

/** Handlebars' truthiness: false, null, undefined, "", 0 (unless includeZero) and [] are empty. */
const isEmpty = (value: unknown, includeZero = false) =>
  (!value && !(includeZero && value === 0)) || (Array.isArray(value) && value.length === 0);

const text = (value: unknown): string => {
  if (value === null || value === undefined || typeof value === "function") return "";
  return String(value);
};

export function runTemplate(source: string, root: unknown, helpers: Record<string, Helper>): string {
  let program: AST;
  try {
    program = parse(source);
  } catch (err) {
    throw new TemplateError((err as Error).message);
  }
  const top: Frame = { context: root, data: { root }, params: {}, parent: null };

  const resolvePath = (path: AST, frame: Frame): unknown => {
    const parts = path.parts as string[];
    if (path.data) {
      let f: Frame | null = frame;
      for (let i = 0; i < (path.depth as number) && f; i += 1) f = f.parent;
      const [head, ...rest] = parts;
      let value = head === "root" ? root : own(f?.data ?? {}, head);
      for (const part of rest) value = own(value, part);
      return value;
    }
    let f: Frame | null = frame;
    for (let i = 0; i < (path.depth as number) && f; i += 1) f = f.parent;
    if (!f) return undefined;
    if (!parts.length) return f.context; // `this`, `.`, `..`
    let value: unknown;
    const [head, ...rest] = parts;
    // Block params (`as |row i|`) of this block or an enclosing one come first.
    let scope: Frame | null =
      (path.depth as number) === 0 && !(path.original as string).startsWith("this") ? f : null;
    while (scope && !Object.hasOwn(scope.params, head)) scope = scope.parent;
    value = scope ? scope.params[head] : own(f.context, head);
    for (const part of rest) value = own(value, part);
    return value;
  };

  const helperName = (path: AST): string | null =>
    path.type === "PathExpression" &&
    !path.data &&
    (path.parts as string[]).length === 1 &&
    (path.depth as number) === 0
      ? (path.parts as string[])[0]
      : null;

  const evaluate = (node: AST, frame: Frame): unknown => {
    switch (node.type) {
      case "StringLiteral":
      case "NumberLiteral":
      case "BooleanLiteral":
        return node.value;
      case "UndefinedLiteral":
        return undefined;
      case "NullLiteral":
        return null;
      case "PathExpression":
        return resolvePath(node, frame);
      case "SubExpression":
        return call(node, frame, null);
      default:
        throw new TemplateError(`Unsupported expression: ${node.type}`);
    }
  };

  const hashOf = (node: AST, frame: Frame) =>
    Object.fromEntries(
      (((node.hash as AST | undefined)?.pairs as AST[] | undefined) ?? []).map((p) => [
        p.key as string,
        evaluate(p.value as AST, frame),
      ]),
    );

  /** A call with arguments (or a bare name that is a helper): a helper, a built-in, or an error. */
  const call = (
    node: AST,
    frame: Frame,
    block: { program: AST | null; inverse: AST | null } | null,
  ): unknown => {
    const name = helperName(node.path as AST);
    const params = ((node.params as AST[]) ?? []).map((p) => evaluate(p, frame));
    const hash = hashOf(node, frame);
    const options: HelperOptions = {
      hash,
      fn: (context) =>
        block?.program
          ? runProgram(block.program, { context, data: frame.data, params: {}, parent: frame })
          : "",
      inverse: (context) =>
        block?.inverse
          ? runProgram(block.inverse, { context, data: frame.data, params: {}, parent: frame })
          : "",
    };
    if (name === "lookup") return own(params[0], String(params[1]));
    if (name === "log") return "";
    if (name && Object.hasOwn(helpers, name)) return helpers[name](...params, options);
    if (name && !params.length && !Object.keys(hash).length) return evaluate(node.path as AST, frame);
    throw new TemplateError(`Missing helper: "${name ?? (node.path as AST).original}"`);
  };

  const block = (node: AST, frame: Frame): string => {
    const program = (node.program as AST | null) ?? null;
    const inverse = (node.inverse as AST | null) ?? null;
    const name = helperName(node.path as AST);
    const params = ((node.params as AST[]) ?? []).map((p) => evaluate(p, frame));
    const hash = hashOf(node, frame);
    const inner = (context: unknown, data: Record<string, unknown>, values: unknown[] = []) => {
      const names = ((program?.blockParams as string[] | undefined) ?? []).slice(0, values.length);
      return program
        ? runProgram(program, {
            context,
            data: { ...frame.data, ...data },
            params: Object.fromEntries(names.map((n, i) => [n, values[i]])),
            parent: frame,
          })
        : "";
    };
    const otherwise = () => (inverse ? runProgram(inverse, { ...frame, parent: frame, params: {} }) : "");
    if (name === "each") {
      const items = params[0];
      if (Array.isArray(items) && items.length) {
        return items
          .map((item, index) =>
            inner(item, { index, key: index, first: index === 0, last: index === items.length - 1 }, [
              item,
              index,
            ]),
          )
          .join("");
      }
      if (items && typeof items === "object" && !Array.isArray(items)) {
        const keys = Object.keys(items);
        if (keys.length)
          return keys
            .map((key, index) =>
              inner(
                (items as Record<string, unknown>)[key],
                { index, key, first: index === 0, last: index === keys.length - 1 },
                [(items as Record<string, unknown>)[key], key],
              ),
            )
            .join("");
      }
      return otherwise();
    }
    if (name === "if" || name === "unless") {
      const empty = isEmpty(params[0], Boolean(hash.includeZero));
      return (name === "if" ? !empty : empty) ? inner(frame.context, {}) : otherwise();
    }
    if (name === "with") return isEmpty(params[0]) ? otherwise() : inner(params[0], {}, [params[0]]);
    if (name && Object.hasOwn(helpers, name)) return text(call(node, frame, { program, inverse }));
    // A block over a value (Handlebars' blockHelperMissing): a list repeats, a truthy value scopes.
    const value = evaluate(node.path as AST, frame);
    if (Array.isArray(value))
      return value.length
        ? value
            .map((v, index) =>
              inner(v, { index, first: index === 0, last: index === value.length - 1 }, [v, index]),
            )
            .join("")
        : otherwise();
    return isEmpty(value) ? otherwise() : inner(value === true ? frame.context : value, {});
  };

  const runProgram = (program: AST, frame: Frame): string =>
    (program.body as AST[])
      .map((statement) => {
        switch (statement.type) {
          case "ContentStatement":
            return statement.value as string;
          case "CommentStatement":
            return "";
          case "MustacheStatement": {
            const node = statement;
            const name = helperName(node.path as AST);
            const value =
              (node.params as AST[]).length ||
              (node.hash as AST | undefined) ||
              (name && (Object.hasOwn(helpers, name) || name === "lookup"))
                ? call(node, frame, null)
                : evaluate(node.path as AST, frame);
            return node.escaped ? escapeExpression(text(value)) : text(value);
          }
          case "BlockStatement":
            return block(statement, frame);
          default:
            throw new TemplateError(`${statement.type} is not supported in chart templates`);
        }
      })
      .join("");

  return runProgram(program, top);
}
