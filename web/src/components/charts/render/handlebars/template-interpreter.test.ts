import { describe, expect, it } from "vitest";
import { runTemplate, TemplateError } from "./template-interpreter";

const run = (source: string, context: unknown, helpers = {}) => runTemplate(source, context, helpers);

describe("Handlebars templates walked without eval", () => {
  it("escapes {{ }} and keeps {{{ }}} raw, reads nested and numeric paths", () => {
    const ctx = { data: [{ name: "<b>A&B</b>", n: 0 }], title: "T" };
    expect(run("{{title}} {{data.0.name}} {{{data.0.name}}} {{data.0.n}} {{missing}}.", ctx)).toBe(
      "T &lt;b&gt;A&amp;B&lt;/b&gt; <b>A&B</b> 0 .",
    );
  });

  it("runs #each over lists and objects with @index, @key, @first, @last, ../ and block params", () => {
    const ctx = { data: [{ x: "a" }, { x: "b" }], label: "L", obj: { k1: 1, k2: 2 } };
    expect(
      run(
        "{{#each data}}{{@index}}{{x}}{{#if @first}}^{{/if}}{{#if @last}}!{{/if}}{{../label}},{{/each}}",
        ctx,
      ),
    ).toBe("0a^L,1b!L,");
    expect(run("{{#each obj}}{{@key}}={{this}};{{/each}}", ctx)).toBe("k1=1;k2=2;");
    expect(run("{{#each data as |row i|}}{{i}}:{{row.x}} {{/each}}", ctx)).toBe("0:a 1:b ");
    expect(run("{{#each nothing}}x{{else}}empty{{/each}}", ctx)).toBe("empty");
  });

  it("runs #if/#unless/#with with Handlebars' truthiness, and lookup", () => {
    const ctx = { zero: 0, list: [], user: { name: "Ann" }, key: "name" };
    expect(
      run(
        "{{#if zero}}y{{else}}n{{/if}}{{#if zero includeZero=true}}Y{{/if}}{{#unless list}}u{{/unless}}",
        ctx,
      ),
    ).toBe("nYu");
    expect(run("{{#with user}}{{name}}{{/with}} {{lookup user key}}", ctx)).toBe("Ann Ann");
  });

  it("calls the helpers given, with sub-expressions and hash arguments", () => {
    const helpers = {
      upper: (s: unknown) => String(s).toUpperCase(),
      pick: (_a: unknown, options: unknown) => (options as { hash: { v: string } }).hash.v,
      twice: (options: unknown) => {
        const o = options as { fn: (c: unknown) => string };
        return o.fn("x") + o.fn("y");
      },
    };
    expect(run('{{upper (pick 1 v="abc")}}-{{#twice}}[{{this}}]{{/twice}}', {}, helpers)).toBe("ABC-[x][y]");
    expect(() => run("{{nope 1}}", {})).toThrow(TemplateError);
    expect(() => run("{{> partial}}", {})).toThrow(/not supported/);
    expect(() => run("{{#each}", {})).toThrow(TemplateError);
  });

  it("reaches nothing but the data's own properties", () => {
    const ctx = { data: [{ a: 1 }] };
    expect(
      run(
        "{{constructor}}|{{data.constructor.name}}|{{__proto__}}|{{data.0.toString}}|{{lookup this 'constructor'}}",
        ctx,
      ),
    ).toBe("||||");
    expect(run("{{#with constructor}}x{{else}}none{{/with}}{{data.length}}", ctx)).toBe("none1");
    expect(run("{{! a comment }}{{!-- another --}}ok", ctx)).toBe("ok");
  });
});
