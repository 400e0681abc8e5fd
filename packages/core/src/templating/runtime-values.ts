import type { Environment } from "@huggingface/jinja";

/**
 * The interpreter's value classes. The package exports only Environment, Interpreter, tokenize
 * and parse; its values are plain classes (a type tag and a `value`, maps for members), which is
 * what keeps templates away from JavaScript objects and prototypes. We reach the constructors
 * through values the Environment converts, so context functions can take and return the
 * interpreter's own values (keyword arguments, lists that print as SQL lists). They are set
 * when the package is loaded (jinja-engine.ts): exported bindings, so importers see them then.
 */
export interface RuntimeValue {
  type: string;
  value: unknown;
  toString(): string;
  __bool__(): { value: boolean };
}

type Ctor = new (value?: unknown) => RuntimeValue;

let Env: typeof Environment;
export let StringValue: Ctor;
export let IntegerValue: Ctor;
export let FloatValue: Ctor;
export let BooleanValue: Ctor;
export let NullValue: Ctor;
export let UndefinedValue: Ctor;
export let ArrayValue: Ctor;
export let ObjectValue: Ctor;
export let FunctionValue: Ctor;

/** Called once the package is loaded. */
export function installRuntimeValues(environment: typeof Environment): void {
  Env = environment;
  const ctorOf = (sample: unknown) =>
    (new Env().set("v", sample) as unknown as { constructor: Ctor }).constructor;
  StringValue = ctorOf("");
  IntegerValue = ctorOf(1);
  FloatValue = ctorOf(1.5);
  BooleanValue = ctorOf(true);
  NullValue = ctorOf(null);
  UndefinedValue = ctorOf(undefined);
  ArrayValue = ctorOf([]);
  ObjectValue = ctorOf({});
  FunctionValue = ctorOf(() => null);
}

export type JinjaFunction = (args: RuntimeValue[]) => RuntimeValue;

export const str = (s: string) => new StringValue(s);
export const fn = (f: JinjaFunction) => new FunctionValue(f);
export const list = (items: RuntimeValue[]) => new ArrayValue(items);
export const obj = (entries: [string, RuntimeValue][]) => new ObjectValue(new Map(entries));
export const none = () => new NullValue(null);

/** A plain JSON-like value as the interpreter's value (numbers, strings, lists, objects). */
export function toRuntime(value: unknown): RuntimeValue {
  return new Env().set("v", value) as unknown as RuntimeValue;
}

export const isString = (v: RuntimeValue | undefined): v is RuntimeValue & { value: string } =>
  v?.type === "StringValue";
export const isList = (v: RuntimeValue | undefined): v is RuntimeValue & { value: RuntimeValue[] } =>
  v instanceof ArrayValue;
export const isMapping = (
  v: RuntimeValue | undefined,
): v is RuntimeValue & { value: Map<string, RuntimeValue> } => v instanceof ObjectValue;
export const isUndefined = (v: RuntimeValue | undefined) => !v || v.type === "UndefinedValue";

/**
 * Positional and keyword arguments of a call, by parameter name (the interpreter passes keyword
 * arguments as a trailing KeywordArgumentsValue).
 */
export function argsOf(args: RuntimeValue[], names: string[]): Map<string, RuntimeValue> {
  const out = new Map<string, RuntimeValue>();
  const positional = [...args];
  const last = positional.at(-1);
  if (last?.type === "KeywordArgumentsValue") {
    positional.pop();
    for (const [k, v] of last.value as Map<string, RuntimeValue>) {
      if (!names.includes(k)) throw new Error(`unexpected keyword argument '${k}'`);
      out.set(k, v);
    }
  }
  if (positional.length > names.length) throw new Error(`takes at most ${names.length} argument(s)`);
  for (const [i, v] of positional.entries()) out.set(names[i], v);
  return out;
}

/** A JS value of an argument: strings, numbers, booleans; lists and mappings as JSON-like data. */
export function plain(v: RuntimeValue | undefined): unknown {
  if (!v || v.type === "UndefinedValue" || v.type === "NullValue") return null;
  if (isList(v)) return v.value.map(plain);
  if (isMapping(v)) return Object.fromEntries([...v.value].map(([k, x]) => [k, plain(x)]));
  return v.value;
}
