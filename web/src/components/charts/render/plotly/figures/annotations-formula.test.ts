import { describe, expect, it } from "vitest";
import { FormulaError, formulaError, parseFormula } from "./annotations-formula";

const at = (formula: string, x: number) => parseFormula(formula)(x);

describe("formula evaluator", () => {
  it("evaluates arithmetic with precedence, parentheses and the optional 'y ='", () => {
    expect(at("y = 2 * x + 10", 3)).toBe(16);
    expect(at("2*x+10", 0)).toBe(10);
    expect(at("Y=(x + 1) * (x - 1)", 3)).toBe(8);
    expect(at("10 / 4 - 1", 0)).toBe(1.5);
    expect(at("1 - 2 - 3", 0)).toBe(-4);
    expect(at("2 ^ 3 ^ 2", 0)).toBe(512);
    expect(at("2 ** 3", 0)).toBe(8);
    expect(at("-2 ^ 2", 0)).toBe(-4);
    expect(at("--x", 5)).toBe(5);
    expect(at("1.5e3 + .5", 0)).toBe(1500.5);
  });

  it("knows implicit multiplication, constants and Math functions", () => {
    expect(at("2x + 5", 2)).toBe(9);
    expect(at("3(x + 1)", 1)).toBe(6);
    expect(at("sin(pi / 2)", 0)).toBe(1);
    expect(at("Math.sqrt(x) + abs(-1)", 16)).toBe(5);
    expect(at("max(1, x, 3)", 7)).toBe(7);
    expect(at("log(8, 2)", 0)).toBeCloseTo(3);
    expect(at("log10(1000) * e / E", 0)).toBeCloseTo(3);
    expect(at("pow(x, 2)", 4)).toBe(16);
  });

  it("rejects anything that is not arithmetic, with a message", () => {
    const bad = [
      "",
      "alert(1)",
      "x; fetch('/')",
      "constructor",
      "__proto__",
      "toString(x)",
      "window.location",
      "Math.constructor",
      "x = 2",
      "y = x = 2",
      "[1, 2]",
      "'text'",
      "x +",
      "(x",
      "x)",
      "sin x",
      "sqrt()",
      "atan2(1)",
      "1 ? 2 : 3",
      "x => x",
      "`x`",
      "2 $ 3",
    ];
    for (const formula of bad) {
      expect(() => parseFormula(formula), formula).toThrow(FormulaError);
      expect(formulaError(formula), formula).toEqual(expect.any(String));
    }
    expect(formulaError("y = 2 * x + 10")).toBeNull();
    expect(formulaError(`${"(".repeat(200)}x${")".repeat(200)}`)).toMatch(/nested/);
    expect(formulaError("x+".repeat(600))).toMatch(/too long/);
  });
});
