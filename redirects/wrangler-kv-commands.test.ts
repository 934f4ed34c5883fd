import { expect, test } from "vitest";
import {
  wranglerBulkGetCommand,
  wranglerGetCommand,
  wranglerIndexCommand,
  wranglerListCommand,
  wranglerStepCommand,
} from "./wrangler-kv-commands.ts";

test("listing reads every redirect key with its metadata from the remote binding", () => {
  expect(wranglerListCommand({}).argv).toEqual(["kv", "key", "list", "--binding", "REDIRECTS", "--remote", "--prefix", "redirect:"]);
});

test("a single value and the index are read as text, with the environment when given", () => {
  expect(wranglerGetCommand("redirect:/a b", { env: "staging" }).argv).toEqual([
    "kv",
    "key",
    "get",
    "redirect:/a b",
    "--binding",
    "REDIRECTS",
    "--remote",
    "--env",
    "staging",
    "--text",
  ]);
  expect(wranglerIndexCommand({}).argv).toContain("redirect-index:first-segments");
});

test("a put step becomes one bulk put whose file carries value and metadata", () => {
  const command = wranglerStepCommand(
    {
      name: "put-entries",
      operations: [
        {
          op: "put",
          key: "redirect:/a",
          value: '{"target":"/b","code":301,"external":false}',
          metadata: { target: "/b", code: 301, external: false },
        },
      ],
    },
    "/tmp/step-2.json",
    {},
  );
  expect(command.argv).toEqual(["kv", "bulk", "put", "/tmp/step-2.json", "--binding", "REDIRECTS", "--remote"]);
  expect(JSON.parse(command.file!)).toEqual([
    { key: "redirect:/a", value: '{"target":"/b","code":301,"external":false}', metadata: { target: "/b", code: 301, external: false } },
  ]);
});

test("an index step is a bulk put without metadata", () => {
  const command = wranglerStepCommand(
    { name: "grow-index", operations: [{ op: "put", key: "redirect-index:first-segments", value: '["a"]' }] },
    "f.json",
    {},
  );
  expect(JSON.parse(command.file!)).toEqual([{ key: "redirect-index:first-segments", value: '["a"]' }]);
});

test("a delete step becomes one bulk delete that does not ask for confirmation", () => {
  const command = wranglerStepCommand({ name: "delete-entries", operations: [{ op: "delete", key: "redirect:/__proto__" }] }, "f.json", {
    binding: "OTHER",
  });
  expect(command.argv).toEqual(["kv", "bulk", "delete", "f.json", "--binding", "OTHER", "--remote", "--force"]);
  expect(JSON.parse(command.file!)).toEqual(["redirect:/__proto__"]);
});

test("values listed without metadata are read 100 keys per bulk get", () => {
  const command = wranglerBulkGetCommand(["redirect:/a", "redirect:/b"], "keys.json", {});
  expect(command.argv).toEqual(["kv", "bulk", "get", "keys.json", "--binding", "REDIRECTS", "--remote"]);
  expect(JSON.parse(command.file!)).toEqual(["redirect:/a", "redirect:/b"]);
  expect(() =>
    wranglerBulkGetCommand(
      Array.from({ length: 101 }, (_, i) => `redirect:/${i}`),
      "keys.json",
      {},
    ),
  ).toThrow();
});
