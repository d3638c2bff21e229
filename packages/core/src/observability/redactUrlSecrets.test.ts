import { afterEach, describe, expect, it, vi } from "vitest";
import { createPublicClient, http } from "viem";
import { mainnet } from "viem/chains";
import { errorText } from "./errorText.js";
import { logEvent } from "./logEvent.js";
import { redactUrlSecrets } from "./redactUrlSecrets.js";

describe("redactUrlSecrets", () => {
  it("keeps each URL's origin only: keys in the path, the query or before the host are gone", () => {
    expect(redactUrlSecrets("URL: https://eth-mainnet.g.alchemy.com/v2/sk_live_abc123 failed")).toBe("URL: https://eth-mainnet.g.alchemy.com/… failed");
    expect(redactUrlSecrets("http://rpc.example:8545/?apikey=secret1&x=2, then https://user:pw@host.example/path#k"))
      .toBe("http://rpc.example:8545/… then https://host.example/…");
    expect(redactUrlSecrets("https://mainnet.infura.io/v3/0123abcd")).toBe("https://mainnet.infura.io/…");
    expect(redactUrlSecrets("origin only: https://api.example.com and https://api.example.com/")).toBe("origin only: https://api.example.com and https://api.example.com");
    expect(redactUrlSecrets("no url here: /api/v1/route?chain=base")).toBe("no url here: /api/v1/route?chain=base");
  });
});

describe("logEvent", () => {
  afterEach(() => vi.restoreAllMocks());

  it("never writes the key of an RPC URL that a failed call's error quotes", async () => {
    const key = "k3yOfTheRpcProvider0123456789";
    // A real viem failure against a URL holding a key (nothing listens on the port): its message quotes the URL.
    const client = createPublicClient({ chain: mainnet, transport: http(`http://127.0.0.1:9/v2/${key}?token=${key}`, { retryCount: 0, timeout: 2_000 }) });
    const error = await client.getBlockNumber().catch((e: unknown) => e as Error);
    expect(String(error)).toContain(key);
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => { lines.push(line); });
    logEvent("error", "graph indexing failed", { chain: "ethereum", error: String(error), attempt: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(key);
    expect(JSON.parse(lines[0]!)).toMatchObject({ event: "graph indexing failed", chain: "ethereum", attempt: 2 });
    expect(lines[0]).toContain("http://127.0.0.1:9/…");
    // An error as one line (`errorText`) is cut the same way once logged.
    expect(errorText(error)).toMatch(/^HttpRequestError: /);
    logEvent("error", "solve not finalised yet (the cron will)", { error: errorText(error) });
    expect(lines[1]).not.toContain(key);
  });
});
