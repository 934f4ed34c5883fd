import { describe, expect, it } from "vitest";
import { autoChat, chatScriptSrc, chatSession } from "./chat-service.ts";

describe("autochat adapter", () => {
  it("the script URL carries the chat id", () => {
    expect(chatScriptSrc({ scriptUrl: "/demo/chat-widget.js", chatId: "agn-demo", providerName: "Demo-Chat" })).toBe(
      "/demo/chat-widget.js?id=agn-demo",
    );
    expect(chatScriptSrc({ scriptUrl: "https://chat.example/loader.js?lang=de", chatId: "a b", providerName: "X" })).toBe(
      "https://chat.example/loader.js?lang=de&id=a+b",
    );
  });

  it("accepts only globals and sessions shaped like the protocol", () => {
    const api = { mount() {} };
    expect(autoChat(api)).toBe(api);
    expect(autoChat({})).toBeNull();
    expect(autoChat(undefined)).toBeNull();
    const session = { unmount() {} };
    expect(chatSession(session)).toBe(session);
    expect(chatSession(undefined)).toBeNull();
  });
});
