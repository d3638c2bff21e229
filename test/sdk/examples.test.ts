/**
 * The SDK's examples run as a partner runs them (`pnpm -s --filter @sluice/sdk example:…`) against the stack, with a
 * fresh funded wallet and a fresh partner key, and do what they say: checked on chain and through the API.
 */
import { execFile } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { parseUnits, type Hex } from "viem";
import {
  ARBITRUM, BASE, balanceOf, bridgeBalanceOf, bridgeToken, call, createPartner, newWallet, type Partner, type Wallet,
} from "@sluice/testkit";

async function example(script: string, partner: Partner, wallet: Wallet | undefined, args: string[] = [], env: Record<string, string> = {}) {
  const result = await runCommand("pnpm", ["-s", "--filter", "@sluice/sdk", script, ...args], {
    timeout: 120_000,
    env: {
      ...process.env, SLUICE_BASE_URL: inject("stack").baseUrl, SLUICE_API_KEY: partner.key,
      BASE_RPC_URL: inject("stack").manifest.chains.base.rpcUrl, ...(wallet ? { PRIVATE_KEY: wallet.key } : {}), ...env,
    },
  });
  expect(result.status, `${script}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

/** Runs a command without blocking the event loop (a blocked loop leaves the test's idle HTTP connections stale). */
function runCommand(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; timeout?: number }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { ...options, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const hash = "0x[0-9a-f]{64}";

describe("packages/sdk/examples", () => {
  it("gasless swap, user-paid swap and a usage export of both", async () => {
    const partner = await createPartner();
    const wallet = await newWallet({ chainId: BASE, symbol: "USDC", amount: parseUnits("300", 6) });

    const gasless = await example("example:gasless-swap", partner, wallet);
    expect(gasless.stdout).toMatch(/^quote: 250 USDC → [\d.]+ WETH .*gasless: true$/m);
    expect(gasless.stdout).toMatch(new RegExp(`^approved Permit2 for USDC once: ${hash}$`, "m"));
    expect(gasless.stdout).toMatch(new RegExp(`^gasless swap executed in block \\d+: ${hash} \\(sent by 0x[0-9a-fA-F]{40}, not the user\\)$`, "m"));
    expect(await balanceOf("base", "USDC", wallet.address)).toBe(parseUnits("50", 6));
    expect(await balanceOf("base", "WETH", wallet.address)).toBeGreaterThan(0n);

    const userPaid = await example("example:user-paid-swap", partner, wallet);
    expect(userPaid.stdout).toMatch(/^quote: 5 USDC → [\d.]+ WETH; Swap too small: .* gasless minimum on base/m);
    expect(userPaid.stdout).toMatch(new RegExp(`^user-paid swap executed: ${hash} \\(sent by the user ${wallet.address}\\)$`, "m"));
    expect(userPaid.stdout).toMatch(/^confirmed with Sluice: [\d.]+ USD tracked, (executed|pending)$/m);
    expect(await balanceOf("base", "USDC", wallet.address)).toBe(parseUnits("45", 6));

    // The two gasless-eligible routes (a quote below the minimum records none) and both solves; route events are
    // recorded in the background.
    const period = new Date().toISOString().slice(0, 7);
    const api = async () => (await call(`/api/v1/usage?period=${period}&limit=1000`, { key: partner.key })).body.events as { id: string; tx_hash: string | null }[];
    for (let i = 0; i < 60 && (await api()).length < 4; i++) await new Promise((r) => setTimeout(r, 500));
    const events = await api();
    expect(events).toHaveLength(4);
    const exported = await example("example:usage-export", partner, undefined, [period]);
    const lines = exported.stdout.trim().split("\n");
    expect(lines[0]).toBe("id,created_at,event_type,status,chain,volume_usd,is_dry_run,is_test,tx_hash");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(events.map((e) => e.id));
    expect(lines.filter((l) => /,solve,executed,base,/.test(l))).toHaveLength(2);
    expect(exported.stderr).toMatch(new RegExp(`^${events.length} events in ${period}; executed swap volume [\\d.]+ USD$`, "m"));
    const empty = await example("example:usage-export", partner, undefined, ["2020-01"]);
    expect(empty.stdout.trim().split("\n")).toHaveLength(1);
  });

  it("bridge transfer: approval and deposit from the wallet, tracked, filled on Arbitrum", async () => {
    const partner = await createPartner();
    const wallet = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
    const before = await bridgeBalanceOf(ARBITRUM, bridgeToken(ARBITRUM, "USDC"), wallet.address);
    const run = await example("example:bridge-transfer", partner, wallet, [], { TIMEOUT_MS: "60000" });
    expect(run.stdout).toMatch(/^bridge quote \S+: 25000000 → at least \d+ \(raw USDC\)/m);
    const sent = run.stdout.match(new RegExp(`^deposit sent: (${hash}) after [1-9] approval\\(s\\); tracked as brg_\\S+$`, "m"));
    expect(sent, run.stdout).not.toBeNull();
    expect(run.stdout).toMatch(new RegExp(`^bridge deposit \\d+ filled on chain 42161: ${hash}$`, "m"));
    expect(await bridgeBalanceOf(BASE, bridgeToken(BASE, "USDC"), wallet.address)).toBe(15_000_000n);
    expect(await bridgeBalanceOf(ARBITRUM, bridgeToken(ARBITRUM, "USDC"), wallet.address)).toBeGreaterThan(before);
    const status = await call(`/api/v1/bridge/status?depositTxnRef=${sent![1] as Hex}`, { key: partner.key });
    expect(status.body.deposit.status).toBe("filled");
  });

  it("an example without its settings says which is missing", async () => {
    const run = await runCommand("pnpm", ["-s", "--filter", "@sluice/sdk", "example:gasless-swap"], {
      timeout: 60_000, env: { ...process.env, SLUICE_API_KEY: "", PRIVATE_KEY: "" },
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("SLUICE_API_KEY is not set");
  });
});
