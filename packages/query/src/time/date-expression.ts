import { invalidPayload } from "../errors.ts";
import { addUnits, lastDay, parseTimeUnit, type TimeUnit, truncate } from "./calendar.ts";
import { parseHumanDatetime } from "./human-datetime.ts";

/**
 * Superset's date functions inside a time range side:
 * `DATETIME("today")`, `DATEADD(expr, -7, day)`, `DATETRUNC(expr, month)`, `LASTDAY(expr, year)`.
 * A tiny recursive-descent parser; HOLIDAY is not supported.
 */

type Token =
  | { kind: "word"; text: string }
  | { kind: "string"; text: string }
  | { kind: "int"; value: number }
  | { kind: "punct"; text: "(" | ")" | "," };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === "(" || ch === ")" || ch === ",") {
      tokens.push({ kind: "punct", text: ch });
      i += 1;
    } else if (ch === "'" || ch === '"') {
      const end = source.indexOf(ch, i + 1);
      if (end === -1) throw invalidPayload(`Unterminated string in time expression "${source}"`);
      tokens.push({ kind: "string", text: source.slice(i + 1, end) });
      i = end + 1;
    } else if (/[-+\d]/.test(ch)) {
      const match = /^[-+]?\s*\d+/.exec(source.slice(i));
      if (!match) throw invalidPayload(`Unexpected "${ch}" in time expression "${source}"`);
      tokens.push({ kind: "int", value: Number(match[0].replace(/\s+/g, "")) });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const match = /^[A-Za-z_]+/.exec(source.slice(i))!;
      tokens.push({ kind: "word", text: match[0] });
      i += match[0].length;
    } else {
      throw invalidPayload(`Unexpected "${ch}" in time expression "${source}"`);
    }
  }
  return tokens;
}

class ExpressionParser {
  private position = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
    private readonly now: Date,
  ) {}

  parseAll(): Date {
    const value = this.expression();
    if (this.position !== this.tokens.length) this.fail("unexpected text after the expression");
    return value;
  }

  private fail(why: string): never {
    throw invalidPayload(`Invalid time expression "${this.source}": ${why}`);
  }

  private next(): Token | undefined {
    const token = this.tokens[this.position];
    this.position += 1;
    return token;
  }

  private punct(text: "(" | ")" | ","): void {
    const token = this.next();
    if (token?.kind !== "punct" || token.text !== text) this.fail(`expected "${text}"`);
  }

  private unit(): TimeUnit {
    const token = this.next();
    const unit = token?.kind === "word" ? parseTimeUnit(token.text) : undefined;
    if (!unit) this.fail("expected a unit (second, minute, hour, day, week, month, quarter, year)");
    return unit;
  }

  private expression(): Date {
    const head = this.next();
    if (head?.kind !== "word") this.fail("expected DATETIME, DATEADD, DATETRUNC or LASTDAY");
    const name = head.text.toUpperCase();
    this.punct("(");
    let result: Date;
    switch (name) {
      case "DATETIME": {
        const arg = this.next();
        if (arg?.kind !== "string") this.fail('DATETIME needs a quoted argument, e.g. DATETIME("today")');
        result = parseHumanDatetime(arg.text, this.now);
        break;
      }
      case "DATEADD": {
        const base = this.expression();
        this.punct(",");
        const amount = this.next();
        if (amount?.kind !== "int") this.fail("DATEADD needs an integer amount");
        this.punct(",");
        result = addUnits(base, amount.value, this.unit());
        break;
      }
      case "DATETRUNC": {
        const base = this.expression();
        this.punct(",");
        result = truncate(base, this.unit());
        break;
      }
      case "LASTDAY": {
        const base = this.expression();
        this.punct(",");
        const unit = this.unit();
        if (unit !== "year" && unit !== "month" && unit !== "week")
          this.fail("LASTDAY takes year, month or week");
        result = lastDay(base, unit);
        break;
      }
      default:
        this.fail(`unsupported function ${name}`);
    }
    this.punct(")");
    return result;
  }
}

export function isDateExpression(text: string): boolean {
  return /^\s*(DATETIME|DATEADD|DATETRUNC|LASTDAY|HOLIDAY)\s*\(/i.test(text);
}

export function evaluateDateExpression(text: string, now: Date): Date {
  return new ExpressionParser(tokenize(text), text, now).parseAll();
}
