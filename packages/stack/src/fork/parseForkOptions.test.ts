import { describe, expect, it } from "vitest";
import { parseForkOptions } from "./parseForkOptions.js";

describe("pnpm dev --fork", () => {
  it("takes CHAIN=RPC_URL, repeatable", () => {
    expect(parseForkOptions(["base=http://127.0.0.1:9545", "ethereum=https://rpc.example/v1?key=a=b"]))
      .toEqual({ base: "http://127.0.0.1:9545", ethereum: "https://rpc.example/v1?key=a=b" });
    expect(parseForkOptions([])).toEqual({});
  });

  it("names what is wrong", () => {
    expect(() => parseForkOptions(["solana=http://x"])).toThrow("--fork solana=http://x: must be CHAIN=RPC_URL with CHAIN one of ethereum, base, arbitrum, polygon");
    expect(() => parseForkOptions(["base"])).toThrow(/^--fork base: must be CHAIN=RPC_URL/);
    expect(() => parseForkOptions(["base=ws://x"])).toThrow("--fork base=ws://x: the RPC URL must be http(s)://…");
    expect(() => parseForkOptions(["base=http://a", "base=http://b"])).toThrow("--fork base: given twice");
  });
});
