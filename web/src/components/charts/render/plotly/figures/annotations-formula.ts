/**
 * Formula annotation layers (`y = 2 * x + 10`): a tiny arithmetic language parsed here, never
 * handed to eval or Function. Numbers, `x`, + - * / ^ (or **), parentheses, the constants pi and e,
 * and a fixed list of Math functions; implicit multiplication as in `2x` or `3(x + 1)`.
 */

export class FormulaError extends Error {
  override name = "FormulaError";
}

type Fn = (...args: number[]) => number;

/** Function name → [fewest, most arguments, implementation]. Looked up as own keys only. */
const FUNCTIONS: Record<string, [number, number, Fn]> = {
  abs: [1, 1, Math.abs],
  sqrt: [1, 1, Math.sqrt],
  cbrt: [1, 1, Math.cbrt],
  exp: [1, 1, Math.exp],
  ln: [1, 1, Math.log],
  log: [1, 2, (v, base) => (base === undefined ? Math.log(v) : Math.log(v) / Math.log(base))],
  log10: [1, 1, Math.log10],
  log2: [1, 1, Math.log2],
  sin: [1, 1, Math.sin],
  cos: [1, 1, Math.cos],
  tan: [1, 1, Math.tan],
  asin: [1, 1, Math.asin],
  acos: [1, 1, Math.acos],
  atan: [1, 1, Math.atan],
  atan2: [2, 2, Math.atan2],
  sinh: [1, 1, Math.sinh],
  cosh: [1, 1, Math.cosh],
  tanh: [1, 1, Math.tanh],
  floor: [1, 1, Math.floor],
  ceil: [1, 1, Math.ceil],
  round: [1, 1, Math.round],
  trunc: [1, 1, Math.trunc],
  sign: [1, 1, Math.sign],
  min: [1, 16, Math.min],
  max: [1, 16, Math.max],
  pow: [2, 2, Math.pow],
};

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

const MAX_LENGTH = 1000;
const MAX_DEPTH = 64;

type Token =
  | { kind: "num"; value: number; at: number }
  | { kind: "name"; value: string; at: number }
  | { kind: "op"; value: string; at: number };

const own = (table: object, key: string) => Object.hasOwn(table, key);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const re =
    /\s+|(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|((?:Math\.)?[A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/^(),])/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw new FormulaError(`Unexpected "${text[at]}" at position ${at + 1}`);
    if (m[1] !== undefined) tokens.push({ kind: "num", value: Number(m[1]), at });
    else if (m[2] !== undefined) tokens.push({ kind: "name", value: m[2].replace(/^Math\./, ""), at });
    else if (m[3] !== undefined) tokens.push({ kind: "op", value: m[3] === "**" ? "^" : m[3], at });
    at = re.lastIndex;
  }
  return tokens;
}

type Evaluate = (x: number) => number;

/** Recursive descent over the tokens; each rule returns a closure of x. */
class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Evaluate {
    if (this.tokens.length === 0) throw new FormulaError("The formula is empty");
    const expr = this.expression();
    const rest = this.tokens[this.i];
    if (rest) throw new FormulaError(`Unexpected "${rest.value}" at position ${rest.at + 1}`);
    return expr;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private isOp(value: string): boolean {
    const t = this.peek();
    return t?.kind === "op" && t.value === value;
  }

  /** Consumes the operator token under the cursor and returns it. */
  private takeOp(): string {
    return String(this.tokens[this.i++]?.value);
  }

  private expect(value: string) {
    if (!this.isOp(value)) {
      const t = this.peek();
      throw new FormulaError(t ? `Expected "${value}" at position ${t.at + 1}` : `Expected "${value}"`);
    }
    this.i++;
  }

  private nested<T>(work: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new FormulaError("The formula is nested too deeply");
    try {
      return work();
    } finally {
      this.depth--;
    }
  }

  /** sum := product (('+' | '-') product)* */
  private expression(): Evaluate {
    let left = this.product();
    while (this.isOp("+") || this.isOp("-")) {
      const op = this.takeOp();
      const a = left;
      const b = this.product();
      left = op === "+" ? (x) => a(x) + b(x) : (x) => a(x) - b(x);
    }
    return left;
  }

  /** Starts a factor without an operator: implicit multiplication (`2x`, `3(x + 1)`). */
  private startsFactor(): boolean {
    const t = this.peek();
    return t !== undefined && (t.kind !== "op" || t.value === "(");
  }

  /** product := unary (('*' | '/') unary | implicit unary)* */
  private product(): Evaluate {
    let left = this.unary();
    for (;;) {
      let op: string;
      if (this.isOp("*") || this.isOp("/")) op = this.takeOp();
      else if (this.startsFactor()) op = "*";
      else return left;
      const a = left;
      const b = this.unary();
      left = op === "*" ? (x) => a(x) * b(x) : (x) => a(x) / b(x);
    }
  }

  /** unary := ('+' | '-') unary | power — so -2^2 is -(2^2), as in mathematics. */
  private unary(): Evaluate {
    if (this.isOp("-") || this.isOp("+")) {
      const negative = this.takeOp() === "-";
      const arg = this.nested(() => this.unary());
      return negative ? (x) => -arg(x) : arg;
    }
    return this.power();
  }

  /** power := primary ('^' unary)? — right-associative: 2^3^2 is 2^(3^2). */
  private power(): Evaluate {
    const base = this.primary();
    if (!this.isOp("^")) return base;
    this.i++;
    const exponent = this.nested(() => this.unary());
    return (x) => base(x) ** exponent(x);
  }

  private primary(): Evaluate {
    const t = this.peek();
    if (!t) throw new FormulaError("The formula ends too early");
    this.i++;
    if (t.kind === "num") {
      const value = t.value;
      return () => value;
    }
    if (t.kind === "op") {
      if (t.value !== "(") throw new FormulaError(`Unexpected "${t.value}" at position ${t.at + 1}`);
      const inner = this.nested(() => this.expression());
      this.expect(")");
      return inner;
    }
    const name = t.value.toLowerCase();
    if (name === "x") return (x) => x;
    if (own(FUNCTIONS, name) && this.isOp("(")) return this.call(name, t.at);
    if (own(CONSTANTS, name)) {
      const value = CONSTANTS[name];
      return () => value;
    }
    throw new FormulaError(
      `Unknown name "${t.value}" at position ${t.at + 1}: use x, numbers and Math functions`,
    );
  }

  private call(name: string, at: number): Evaluate {
    const [fewest, most, fn] = FUNCTIONS[name];
    this.expect("(");
    const args: Evaluate[] = [];
    if (!this.isOp(")")) {
      args.push(this.nested(() => this.expression()));
      while (this.isOp(",")) {
        this.i++;
        args.push(this.nested(() => this.expression()));
      }
    }
    this.expect(")");
    if (args.length < fewest || args.length > most) {
      throw new FormulaError(
        `${name}() at position ${at + 1} takes ${fewest === most ? fewest : `${fewest} to ${most}`} arguments`,
      );
    }
    return (x) => fn(...args.map((a) => a(x)));
  }
}

/** Parses `y = …` (the `y =` is optional) into a function of x; throws FormulaError when invalid. */
export function parseFormula(text: string): Evaluate {
  if (text.length > MAX_LENGTH) throw new FormulaError("The formula is too long");
  const body = text.replace(/^\s*y\s*=/i, "");
  if (body.includes("=")) throw new FormulaError('Only one "y =" is allowed');
  return new Parser(tokenize(body)).parse();
}

/** The message of an invalid formula, or null when it parses. */
export function formulaError(text: string): string | null {
  try {
    parseFormula(text);
    return null;
  } catch (e) {
    if (e instanceof FormulaError) return e.message;
    throw e;
  }
}
