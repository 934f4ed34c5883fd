import { describe, expect, it } from "vitest";
import { CHAT_MAX_ATTEMPTS, chatTransition, INITIAL_CHAT_STATE, type ChatEvent, type ChatState } from "./chat-state.ts";

const run = (...events: ChatEvent[]): ChatState => events.reduce(chatTransition, INITIAL_CHAT_STATE);
const start: ChatEvent = { type: "start", configured: true };

describe("autochat states (spec section 4: loading, ready, error, fallback)", () => {
  it("starts idle: nothing loads before consent and a visitor who wants to chat", () => {
    expect(INITIAL_CHAT_STATE).toEqual({ status: "idle", attempts: 0 });
  });

  it("loading → ready when the vendor mounted", () => {
    expect(run(start)).toEqual({ status: "loading", attempts: 1 });
    expect(run(start, { type: "mounted" })).toEqual({ status: "ready", attempts: 1 });
  });

  it("a failed or timed-out load is an error the visitor may retry", () => {
    expect(run(start, { type: "failed" })).toEqual({ status: "error", attempts: 1 });
    expect(run(start, { type: "failed" }, { type: "retry" })).toEqual({ status: "loading", attempts: 2 });
    expect(run(start, { type: "failed" }, { type: "retry" }, { type: "mounted" }).status).toBe("ready");
  });

  it(`after ${CHAT_MAX_ATTEMPTS} failed attempts the chat is unavailable: fallback`, () => {
    expect(run(start, { type: "failed" }, { type: "retry" }, { type: "failed" })).toEqual({ status: "fallback", attempts: 2 });
    expect(run(start, { type: "failed" }, { type: "retry" }, { type: "failed" }, { type: "retry" }).status).toBe("fallback");
  });

  it("a chat without a configured script goes straight to the fallback", () => {
    expect(run({ type: "start", configured: false })).toEqual({ status: "fallback", attempts: 0 });
  });

  it("ignores events that do not fit the state (a late failure after mount, a second start)", () => {
    const ready = run(start, { type: "mounted" });
    expect(chatTransition(ready, { type: "failed" })).toBe(ready);
    expect(chatTransition(ready, start)).toBe(ready);
    expect(chatTransition(INITIAL_CHAT_STATE, { type: "mounted" })).toBe(INITIAL_CHAT_STATE);
    expect(chatTransition(INITIAL_CHAT_STATE, { type: "retry" })).toBe(INITIAL_CHAT_STATE);
  });
});
