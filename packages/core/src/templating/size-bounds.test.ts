/**
 * Operations that make text or lists grow (replace, indent, join, tojson, printing a list, `~`,
 * split, request values put back…) are refused from their inputs' sizes, before the text is
 * built. Each render here runs with every string and array the JavaScript runtime hands back to
 * the interpreter measured (`measured`): the largest must stay within the render's limit, and the
 * refusal must be the limit's 400.
 */
import { DUCKDB_DIALECT } from "@strata/engines";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import type { TemplateContextInput } from "./context.ts";
import { loadTemplating, renderSql } from "./render-sql.ts";
import { DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from "./sandbox.ts";

beforeAll(() => loadTemplating());

/** Small limits, so each would-be result is cheap to build if a check is missing (and then seen). */
const SMALL: TemplateLimits = {
  maxOutputChars: 10_000,
  maxSteps: 200_000,
  maxDepth: 100,
  maxItems: 1_000,
  maxMillis: 5_000,
};

const params = {
  big: "x".repeat(5_000),
  big6: "y".repeat(6_000),
  accents: "é".repeat(2_000),
  controls: "\u0001".repeat(2_000),
  commas: ",".repeat(5_000),
  words: "a ".repeat(3_000),
  lines: "a\n".repeat(3_000),
};

function input(over: Partial<TemplateContextInput> = {}): TemplateContextInput {
  return {
    user: { id: 7, username: "alice", email: "a@b.c", roles: ["Gamma"] },
    dialect: DUCKDB_DIALECT,
    now: new Date("2024-03-15T10:00:00Z"),
    trustedParams: params,
    request: { urlParams: { s: "ab", big: "z".repeat(3_000) } },
    ...over,
  };
}

interface Measured {
  /** Characters of the longest string any watched operation returned. */
  longest: number;
  /** Characters of all strings the watched operations returned. */
  total: number;
  /** Items of the longest array any watched operation returned. */
  items: number;
}

/**
 * Runs `run` with the runtime's string and array builders wrapped to note the size of what they
 * return (string concatenation with `+` can't be watched: those cases assert their own message).
 */
function measured<T>(run: () => T): { result?: T; error?: unknown; seen: Measured } {
  const seen: Measured = { longest: 0, total: 0, items: 0 };
  const note = (out: unknown) => {
    if (typeof out === "string") {
      seen.longest = Math.max(seen.longest, out.length);
      seen.total += out.length;
    } else if (Array.isArray(out)) seen.items = Math.max(seen.items, out.length);
    return out;
  };
  const patches: [object, string][] = [
    [String.prototype, "replace"],
    [String.prototype, "replaceAll"],
    [String.prototype, "repeat"],
    [String.prototype, "split"],
    [String.prototype, "toUpperCase"],
    [String.prototype, "padStart"],
    [String.prototype, "padEnd"],
    [Array.prototype, "join"],
    [Array.prototype, "concat"],
    [Array.prototype, "map"],
    [Array, "from"],
    [JSON, "stringify"],
  ];
  const originals = patches.map(([owner, name]) => (owner as Record<string, unknown>)[name]);
  patches.forEach(([owner, name], i) => {
    const original = originals[i] as (...a: unknown[]) => unknown;
    (owner as Record<string, unknown>)[name] = function (this: unknown, ...a: unknown[]) {
      return note(original.apply(this, a));
    };
  });
  try {
    return { result: run(), seen };
  } catch (error) {
    return { error, seen };
  } finally {
    patches.forEach(([owner, name], i) => {
      (owner as Record<string, unknown>)[name] = originals[i];
    });
  }
}

/** The template is refused with a 400 whose message matches, having built nothing over the limits. */
function refusedSmall(sql: string, message: RegExp, over: Partial<TemplateContextInput> = {}) {
  const { error, seen } = measured(() => renderSql(sql, input(over), SMALL));
  expect(error, sql).toBeInstanceOf(AppError);
  expect((error as AppError).status, sql).toBe(400);
  expect((error as AppError).body.errors?.[0]?.error_type, sql).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
  expect(String((error as AppError).body.message), sql).toMatch(message);
  expect(seen.longest, `${sql}: longest string built`).toBeLessThanOrEqual(SMALL.maxOutputChars);
  return seen;
}

const renderSmall = (sql: string, over: Partial<TemplateContextInput> = {}) =>
  renderSql(sql, input(over), SMALL).sql;

const SQL = /the rendered SQL is larger than 0\.01 MB/;

describe("replace", () => {
  it("is refused from the count of matches, as a filter, a method and on request values", () => {
    for (const sql of [
      "{{ 'ab'|replace('', big) }}",
      "{{ big|replace('x', 'yyy') }}",
      "{{ 'ab'.replace('', big) }}",
      "{{ 'ab'['rep' ~ 'lace']('', big) }}",
      "{{ 'ab'.replace('', big, count=5) }}",
      "{% filter replace('', big) %}ab{% endfilter %}",
      "{{ url_param('s')|replace('', big) }}",
      "{{ url_param('s').replace('', big) }}",
      "{{ url_param('s').replace('a', big ~ big) }}",
    ]) {
      refusedSmall(sql, /replace would make text larger than 0\.01 MB/);
    }
  });

  it("still replaces within the limit, with a count or without growth", () => {
    expect(renderSmall("{{ 'ab'|replace('', big, 1)|length }}")).toBe("5002");
    expect(renderSmall("{{ big|replace('x', 'yy')|length }} {{ 'abc'.replace('b', '--') }}")).toBe(
      "10000 a--c",
    );
    expect(renderSmall("{{ big|replace('x', '')|length }} {{ 'aaa'.replace('', '-') }}")).toBe("0 -a-a-a-");
    expect(renderSmall("{{ url_param('s')|replace('a', 'x') }}")).toBe("'xb'");
  });
});

describe("indent", () => {
  it("is refused from the width and the lines it would indent", () => {
    for (const sql of [
      "{{ 'a'|indent(20000) }}",
      "{{ 'a\nb'|indent(20000) }}",
      "{{ lines|indent(100) }}",
      "{{ lines|indent }}",
      "{{ lines|indent(width=2, first=true) }}",
      "{% filter indent(5000, true) %}a\nb\nc{% endfilter %}",
      "{{ url_param('big')|replace('z', 'z\n')|indent(10) }}",
    ]) {
      refusedSmall(sql, /indent would make text larger than 0\.01 MB/);
    }
  });

  it("still indents within the limit", () => {
    expect(
      renderSmall("{{ 'a\nb\n\nc'|indent(2) }}|{{ 'a\nb'|indent }}|{{ 'a\n\nb'|indent(1, true, true) }}"),
    ).toBe("a\n  b\n\n  c|a\n    b| a\n \n b");
  });
});

describe("join", () => {
  it("is refused from the items and separator, as a filter and as Python's str.join", () => {
    for (const sql of [
      "{{ range(1000)|join(big) }}",
      "{{ range(1000)|join(separator=big) }}",
      "{{ 'abc'|join(big) }}",
      "{{ [big, big, big]|join }}",
      "{{ big.join(range(3)) }}",
      "{{ big.join(['a', 'b', 'c']) }}",
      "{{ [[big, big], [big]]|join(',') }}",
    ]) {
      refusedSmall(sql, /join would make text larger than 0\.01 MB/);
    }
  });

  it("still joins within the limit", () => {
    expect(renderSmall("{{ range(3)|join(', ') }}|{{ 'abc'|join('-') }}|{{ '-'.join(['a', 'b']) }}")).toBe(
      "0, 1, 2|a-b-c|a-b",
    );
    expect(renderSmall("{{ [[1, 2], 'a']|join(';') }}")).toBe("1,2;a");
  });
});

describe("tojson and string", () => {
  it("are refused from the JSON's size: items, escapes, ensure_ascii, indent and separators", () => {
    for (const sql of [
      "{{ [big, big, big]|tojson }}",
      "{{ controls|tojson }}",
      "{{ accents|tojson(ensure_ascii=true) }}",
      "{{ [1]|tojson(indent=20000) }}",
      "{{ []|tojson(indent=20000) }}",
      "{{ [[[[1]]]]|tojson(indent=1000) }}",
      "{{ range(100)|list|tojson(separators=(big, ':')) }}",
      "{{ {'a': big, 'b': big}|tojson }}",
      "{{ [big, big]|string }}",
    ]) {
      refusedSmall(
        sql,
        /tojson would make text larger than 0\.01 MB|string would make text larger than 0\.01 MB/,
      );
    }
  });

  it("still writes JSON within the limit", () => {
    expect(renderSmall("{{ [1, 'a', {'k': none}]|tojson }}")).toBe('[1, "a", {"k": null}]');
    expect(renderSmall("{{ [1, [2]]|tojson(indent=2) }}")).toBe("[\n  1,\n  [\n    2\n  ]\n]");
    expect(renderSmall("{{ ['é']|tojson(ensure_ascii=true, separators=[',', ':']) }}")).toBe('["\\u00e9"]');
    expect(renderSmall("{{ [1, 2]|string }}")).toBe("[1, 2]");
  });
});

/** A list holding itself 2^levels times over: cheap to make, its text is exponential. */
const doubled = (levels: number, seed = "[big]", build = "[ns.l, ns.l]") =>
  `{% set ns = namespace(l=${seed}) %}{% for i in range(${levels}) %}{% set ns.l = ${build} %}{% endfor %}`;

describe("a list or mapping printed, concatenated or compared", () => {
  it("is refused from the size of its text before that text is written", () => {
    refusedSmall("{{ [big, big] }}", SQL);
    refusedSmall(`${doubled(12)}{{ ns.l }}`, SQL);
    refusedSmall(`${doubled(12, "{'a': big}", "{'a': ns.l, 'b': ns.l}")}{{ ns.l }}`, SQL);
    refusedSmall("{{ namespace(a=big, b=big) }}", SQL);
    refusedSmall(`${doubled(12)}{{ ns.l|join }}`, /join would make text larger/);
    for (const sql of [
      "{{ [big, big] ~ '' }}",
      `${doubled(12)}{{ 'a' ~ ns.l }}`,
      `${doubled(12)}{{ 'a' + ns.l }}`,
    ]) {
      refusedSmall(sql, /~ would make text larger than 0\.01 MB|\+ would make text larger than 0\.01 MB/);
    }
    refusedSmall(`${doubled(12)}{{ ns.l == 'x' }}`, /comparing a list would make text larger than 0\.01 MB/);
  });

  it("a list nested in itself 2^40 times over is refused at once, not walked", () => {
    const started = Date.now();
    refusedSmall(`${doubled(40)}{{ ns.l }}`, SQL);
    refusedSmall(`${doubled(40)}{{ ns.l|tojson }}`, /tojson would make text larger/);
    refusedSmall(`${doubled(40)}{{ ns.l ~ '' }}`, /~ would make text larger/);
    refusedSmall(`${doubled(40)}{{ ns.l == 1 }}`, /comparing a list would make text larger/);
    refusedSmall(`${doubled(200, "[1]", "[ns.l]")}{{ ns.l }}`, /nests more than 100 levels deep/);
    // Nothing here prints it: the list is only looked into (for request values), once per part.
    expect(renderSmall(`${doubled(40)}{{ ns.l|length }} {{ ns.l[0]|length }}`)).toBe("2 2");
    expect(renderSmall(`${doubled(40, "[url_param('s')]")}{{ ns.l|length }} {{ 'ab' in ns.l }}`)).toBe(
      "2 false",
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("`~` and `+` on strings are refused from the two lengths", () => {
    refusedSmall("{{ big6 ~ big6 }}", /~ would make text larger than 0\.01 MB/);
    refusedSmall("{{ big6 + big6 }}", /\+ would make text larger than 0\.01 MB/);
    refusedSmall(
      "{% set ns = namespace(s='xxxxxxxxxx') %}{% for i in range(30) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
      /~ would make text larger/,
    );
    expect(renderSmall("{{ (big ~ big)|length }} {{ [1, 2] ~ 'a' }} {{ 'a' + 1 }}")).toBe("10000 1,2a a1");
  });

  it("lists added together are refused from their lengths", () => {
    const seen = refusedSmall(
      "{{ (range(600)|list) + (range(600)|list) }}",
      /a list in the template would grow past 1,000 items/,
    );
    expect(seen.items).toBeLessThanOrEqual(SMALL.maxItems);
  });
});

describe("split", () => {
  it("is refused from the number of parts it would make", () => {
    for (const sql of ["{{ commas.split(',') }}", "{{ words.split() }}", "{{ commas.split(',', 1) }}"]) {
      const seen = refusedSmall(sql, /split would make a list of more than 1,000 items/);
      expect(seen.items, sql).toBeLessThanOrEqual(SMALL.maxItems);
    }
    expect(renderSmall("{{ 'a,b'.split(',') }} {{ ' a  b '.split() }} {{ 'a b c'.split(none, 1) }}")).toBe(
      '["a", "b"] ["a", "b"] ["a", "b c"]',
    );
  });
});

describe("request values put back into text", () => {
  /** A string of 2^levels markers, each standing for `value` (the SQL literal of a 5,000-char string). */
  const markers = (levels: number, value = "big|sql_literal") =>
    `{% set ns = namespace(s=${value}) %}{% for i in range(${levels}) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}`;

  it("are refused before their text is revealed, for a filter, a comparison or a list", () => {
    for (const sql of [
      `${markers(5)}{{ ns.s|upper }}`,
      `${markers(5)}{{ ns.s == 'a' }}`,
      `${markers(5)}{{ ns.s.upper() }}`,
      `${markers(5)}{{ ns.s|sql_literal }}`,
      `${markers(5)}{{ [ns.s]|where_in }}`,
      `${markers(5)}{{ filter_values('none', ns.s) }}`,
    ]) {
      refusedSmall(sql, /text with its request values would be larger than 0\.01 MB/);
    }
  });

  it("a list of them counts all of its items", () => {
    // Each item reveals to 6,000 characters (under the limit); the list's items together don't.
    const list = `${markers(1, "url_param('big')")}{% set ns.l = [] %}{% for i in range(20) %}{% set ns.l = ns.l + [ns.s] %}{% endfor %}`;
    for (const sql of [
      `${list}{{ ns.l|length }}`,
      `${list}{{ ns.l|where_in }}`,
      `${list}{{ 'a' in ns.l }}`,
    ]) {
      const seen = refusedSmall(sql, /text with its request values would be larger than 0\.01 MB/);
      expect(seen.total, sql).toBeLessThan(4 * SMALL.maxOutputChars);
    }
  });

  it("placing them in the SQL stops at the limit", () => {
    refusedSmall(`${markers(5)}{{ ns.s }}`, /SQL with its request values in place is larger than 0\.01 MB/);
    refusedSmall(
      "{% for i in range(10) %}{{ url_param('big') }}{% endfor %}",
      /SQL with its request values in place is larger than 0\.01 MB/,
    );
    expect(renderSmall("{{ url_param('s') ~ url_param('s') }}")).toBe("'ab''ab'");
    expect(renderSmall(`${markers(0)}{{ ns.s|length }}`)).toBe("5000");
  });

  it("upper and lower count the characters that become two or three (ß → SS)", () => {
    const sharp = { trustedParams: { ...params, big: "ß".repeat(6_000) } };
    refusedSmall("{{ (url_param('s') ~ big)|upper }}", /upper would make text larger than 0\.01 MB/, sharp);
    refusedSmall("{{ big.upper() }}", /upper would make text larger than 0\.01 MB/, sharp);
    expect(renderSmall("{{ big|upper|length }}", { trustedParams: { big: "ß".repeat(3_000) } })).toBe("6000");
    expect(renderSmall("{{ big|upper|length }}", { trustedParams: { big: "д".repeat(9_000) } })).toBe("9000");
  });
});

describe("operations the interpreter doesn't have are refused, not run", () => {
  it("string repetition, % and format, padding, centering, wrapping, truncating", () => {
    for (const sql of [
      "{{ 'a' * 100000000 }}",
      "{{ 100000000 * 'a' }}",
      "{{ [1] * 100000000 }}",
      "{{ '%s' % 'a' }}",
      "{{ '%100000000s' % 'a' }}",
      "{{ '{:>100000000}'.format('a') }}",
      "{{ '%100000000s'|format('a') }}",
      "{{ 'a'|center(1000000000) }}",
      "{{ 'a'.center(1000000000) }}",
      "{{ 'a'.ljust(1000000000) }}",
      "{{ 'a'.rjust(1000000000) }}",
      "{{ 'a'.zfill(1000000000) }}",
      "{{ 'a\tb'.expandtabs(1000000000) }}",
      "{{ 'a b'|wordwrap(1000000000) }}",
      "{{ 'a'|truncate(1000000000) }}",
      "{{ range(10)|batch(1000000000) }}",
      "{{ range(10)|slice(1000000000) }}",
      "{{ lipsum(1000000000) }}",
      "{{ range(1000000000) }}",
      "{{ range(10)|list * 100000000 }}",
    ]) {
      const { error, seen } = measured(() => renderSql(sql, input()));
      expect(error, sql).toBeInstanceOf(AppError);
      expect((error as AppError).status, sql).toBe(400);
      expect(seen.longest, sql).toBeLessThan(DEFAULT_TEMPLATE_LIMITS.maxOutputChars);
      expect(seen.items, sql).toBeLessThanOrEqual(DEFAULT_TEMPLATE_LIMITS.maxItems);
    }
  });
});

describe("at the default limits", () => {
  it("replace('', 900,000 chars) on 99 characters is refused before building its 90 MB", () => {
    const big = { big: "x".repeat(900_000), text: "a".repeat(99) };
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    for (const sql of [
      "{{ text|replace('', big) }}",
      "{{ text.replace('', big) }}",
      "{{ range(100)|join(big) }}",
      "{{ (text ~ '\n' ~ text)|indent(900000, true) }}",
      "{{ [big, big]|tojson }}",
    ]) {
      const { error, seen } = measured(() => renderSql(sql, input({ trustedParams: big })));
      expect(error, sql).toBeInstanceOf(AppError);
      expect(String((error as AppError).body.message), sql).toMatch(/would make text larger than 1 MB/);
      expect(seen.longest, sql).toBeLessThanOrEqual(DEFAULT_TEMPLATE_LIMITS.maxOutputChars);
    }
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(40 * 1024 * 1024);
  });
});
