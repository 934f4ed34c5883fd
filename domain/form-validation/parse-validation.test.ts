import { describe, expect, it } from "vitest";
import { parseValidation, regexSource } from "./parse-validation.ts";
import { run } from "./test-support.ts";

const plain = { blocking: true, debounce: 0, force: false, skipEmpty: undefined };

describe("rule strings (FormKit syntax)", () => {
  it.each([
    ["required", [{ name: "required", args: [], ...plain }]],
    [
      "required|email",
      [
        { name: "required", args: [], ...plain },
        { name: "email", args: [], ...plain },
      ],
    ],
    [
      " required | length: 5 , 50 ",
      [
        { name: "required", args: [], ...plain },
        { name: "length", args: ["5", "50"], ...plain },
      ],
    ],
    ["between:5,10", [{ name: "between", args: ["5", "10"], ...plain }]],
    ["date_after:2020-01-01", [{ name: "date_after", args: ["2020-01-01"], ...plain }]],
    ["require_one:email,phone", [{ name: "require_one", args: ["email", "phone"], ...plain }]],
    ["between:", [{ name: "between", args: [], ...plain }]],
    ["between:5,", [{ name: "between", args: ["5", ""], ...plain }]],
    ["url:http:,https:", [{ name: "url", args: ["http:", "https:"], ...plain }]],
  ])("%s", (validation, expected) => {
    expect(parseValidation(validation)).toEqual(expected);
  });

  it("keeps a /…/ argument whole: commas and pipes inside a regex do not split", () => {
    expect(parseValidation("matches:/^\\d{2,3}$/")).toEqual([{ name: "matches", args: ["/^\\d{2,3}$/"], ...plain }]);
    expect(parseValidation("matches:/^(pkw|lkw)$/|required")).toEqual([
      { name: "matches", args: ["/^(pkw|lkw)$/"], ...plain },
      { name: "required", args: [], ...plain },
    ]);
    expect(parseValidation("matches:/a,b/ , /c|d/,plain|email").map((rule) => rule.args)).toEqual([["/a,b/", "/c|d/", "plain"], []]);
    // an escaped slash does not end the literal
    expect(parseValidation("matches:/a\\/b,c/").map((rule) => rule.args)).toEqual([["/a\\/b,c/"]]);
    // a slash that never closes a literal splits like FormKit
    expect(parseValidation("starts_with:/home,/app").map((rule) => rule.args)).toEqual([["/home", "/app"]]);
  });

  it.each([
    ["(500)email", { debounce: 500 }],
    ["+alpha", { skipEmpty: false }],
    ["*length:5", { force: true }],
    ["?email", { blocking: false }],
    ["?(200)*+email", { blocking: false, debounce: 200, force: true, skipEmpty: false }],
    ["+(200)?email", { blocking: false, debounce: 200, skipEmpty: false }],
  ])("hints of %s", (validation, hints) => {
    expect(parseValidation(validation)[0]).toMatchObject(hints);
  });

  it("drops what is not a rule name: too short, starting with _ or spaces inside", () => {
    expect(parseValidation("x|_private|req uired|required||").map((rule) => rule.name)).toEqual(["required"]);
    // digits are hint characters, as in FormKit: "9lives" is the rule "lives"
    expect(parseValidation("9lives")[0]?.name).toBe("lives");
    expect(parseValidation("")).toEqual([]);
    expect(parseValidation(undefined)).toEqual([]);
  });

  it("regexSource reads /…/ without flags, like FormKit's matches", () => {
    expect(regexSource("/^\\d+$/")).toBe("^\\d+$");
    expect(regexSource("/abc/i")).toBeNull();
    expect(regexSource("abc")).toBeNull();
  });
});

describe("running a rule stack", () => {
  it("runs rules in order and stops at the first failure", () => {
    expect(run("required|email|length:50", "x").messages.map((message) => message.rule)).toEqual(["email"]);
    expect(run("required|email|length:50", "").messages.map((message) => message.rule)).toEqual(["required"]);
  });

  it("* forces a rule to run after a failure", () => {
    expect(run("email|*length:50", "x").messages.map((message) => message.rule)).toEqual(["email", "length"]);
  });

  it("+ runs a rule on an empty value", () => {
    expect(run("alpha", "").messages).toEqual([]);
    expect(run("+alpha", "").messages.map((message) => message.rule)).toEqual(["alpha"]);
  });

  it("? makes a failure non-blocking, and later rules still wait for it (FormKit bails on any failure)", () => {
    const result = run("?email|length:50", "x");
    expect(result.messages).toEqual([expect.objectContaining({ rule: "email", blocking: false })]);
    expect(result.blocking).toBe(false);
    expect(run("email", "x").blocking).toBe(true);
  });

  it("(n) reports the debounce of the rules that ran", () => {
    expect(run("required|(500)email", "max@example.de").debounce).toBe(500);
    expect(run("required|(500)email", "").debounce).toBe(0); // email never ran
    expect(run("(300)+alpha", "").debounce).toBe(300);
  });

  it("unknown rule names are ignored", () => {
    expect(run("fancy|email", "x").messages.map((message) => message.rule)).toEqual(["email"]);
  });
});
