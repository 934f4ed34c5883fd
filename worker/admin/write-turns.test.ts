import { expect, it } from "vitest";
import { createWriteTurns, type WriteTurnState } from "./write-turns.ts";

const OPTIONS = { waitMs: 200, leaseMs: 400, pollMs: 5 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("runs one write at a time: the second starts when the first has finished", async () => {
  const inTurn = createWriteTurns({ holder: null }, OPTIONS);
  const steps: string[] = [];
  const write = (name: string) => async () => {
    steps.push(`${name} start`);
    await sleep(20);
    steps.push(`${name} end`);
    return name;
  };
  const [first, second] = await Promise.all([inTurn(write("a")), inTurn(write("b"))]);
  expect(steps).toEqual(["a start", "a end", "b start", "b end"]);
  expect([first, second]).toEqual([
    { ran: true, value: "a" },
    { ran: true, value: "b" },
  ]);
});

it("a failed write gives the turn back", async () => {
  const state: WriteTurnState = { holder: null };
  const inTurn = createWriteTurns(state, OPTIONS);
  await expect(inTurn(() => Promise.reject(new Error("KV PUT failed")))).rejects.toThrow("KV PUT failed");
  expect(state.holder).toBeNull();
  expect(await inTurn(async () => "next")).toEqual({ ran: true, value: "next" });
});

it("a write that never finishes (its request cancelled) makes the next one wait a bounded time, not forever", async () => {
  const inTurn = createWriteTurns({ holder: null }, OPTIONS);
  void inTurn(() => new Promise<never>(() => undefined));
  const started = Date.now();
  expect(await inTurn(async () => "second")).toEqual({ ran: false });
  expect(Date.now() - started).toBeGreaterThanOrEqual(OPTIONS.waitMs - 10);
});

it("a holder past its lease no longer holds the turn", async () => {
  let clock = 0;
  const state: WriteTurnState = { holder: null };
  const inTurn = createWriteTurns(state, { ...OPTIONS, now: () => clock });
  void inTurn(() => new Promise<never>(() => undefined));
  expect(state.holder).not.toBeNull();
  clock = OPTIONS.leaseMs;
  expect(await inTurn(async () => "after the lease")).toEqual({ ran: true, value: "after the lease" });
});
