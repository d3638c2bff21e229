import { randomInt } from "node:crypto";
import { swapWithPermit } from "@sluice/core/client";
import type { Hex } from "viem";
import { recordingFetch } from "./soakHttp.js";
import type { SoakSetup, SoakUser } from "./soakSetup.js";
import type { SoakCall, SoakTarget } from "./soakTypes.js";

/** What the load generator knows it did that must show in the ledger. */
export type SoakExpectations = {
  /** Production /route answers 200: one `route` event each. */
  routes: number;
  /** Production solves the service accepted (gasless 200, or the encode-only answer below the minimum or paused): one `solve` event each. */
  solves: number;
  /** Gasless solves sent (their transactions must be credited once, as succeeded). */
  gasless: Hex[];
  /** User-paid swaps /confirm accepted (credited once). */
  confirmed: Hex[];
};

export type SoakContext = { target: SoakTarget; setup: SoakSetup; user: SoakUser; calls: SoakCall[]; expected: SoakExpectations };

type Operation = { name: string; weight: number; run: (c: SoakContext) => Promise<void> };

const get = (c: SoakContext, op: string, url: string, key?: string) =>
  recordingFetch(op, c.calls)(url, { headers: key ? { "X-Sluice-API-Key": key } : {} }).catch(() => undefined);
const post = (c: SoakContext, op: string, url: string, key: string, body: unknown) =>
  recordingFetch(op, c.calls)(url, { method: "POST", headers: { "X-Sluice-API-Key": key, "Content-Type": "application/json" }, body: JSON.stringify(body) })
    .catch(() => undefined);

async function swap(c: SoakContext, op: string, amount: string, sandbox = false) {
  const mine: SoakCall[] = [];
  const connection = { baseUrl: sandbox ? c.target.sandboxUrl : c.target.baseUrl, apiKey: sandbox ? c.setup.sandboxKey : c.setup.key, fetch: recordingFetch(op, mine) };
  try {
    const result = await swapWithPermit(connection, { wallet: c.user.wallet, reader: c.user.reader, from: "USDC", to: "WETH", amount, chain: "base", dryRun: sandbox });
    if (sandbox) return;
    if (result.solve.ok && result.solve.transaction.txHash) {
      c.expected.solves++;
      c.expected.gasless.push(result.solve.transaction.txHash as Hex);
    } else if (!result.solve.ok && result.solve.transaction) { // encode-only: below the minimum, or paused
      c.expected.solves++;
      if (result.userPaid?.confirm.ok) c.expected.confirmed.push(result.userPaid.txHash);
    }
  } catch {
    // No answer, or /route refused (an outage): the recorded calls say which.
  } finally {
    c.calls.push(...mine);
    if (!sandbox) c.expected.routes += mine.filter((x) => x.path === "/api/v1/route" && x.status === 200).length;
  }
}

/** The mixed traffic: quotes on two chains, both kinds of swap, every read, a bridge quote and the sandbox. */
export const soakOperations: Operation[] = [
  { name: "route", weight: 4, run: async (c) => {
    const chain = randomInt(2) === 0 ? "base" : "ethereum";
    const answer = await post(c, "route", `${c.target.baseUrl}/api/v1/route`, c.setup.key, { chain, from: "USDC", to: "WETH", amount: String(30 + randomInt(300)) });
    if (answer?.status === 200) c.expected.routes++;
  } },
  { name: "gasless swap", weight: 2, run: (c) => swap(c, "gasless swap", String(100 + randomInt(200))) },
  { name: "user-paid swap", weight: 1, run: (c) => swap(c, "user-paid swap", "5") },
  { name: "tokens", weight: 1, run: async (c) => void (await get(c, "tokens", `${c.target.baseUrl}/api/v1/tokens?chain=base&limit=20`)) },
  { name: "usage", weight: 1, run: async (c) => void (await get(c, "usage", `${c.target.baseUrl}/api/v1/usage?limit=20`, c.setup.key)) },
  { name: "rebates", weight: 1, run: async (c) => void (await get(c, "rebates", `${c.target.baseUrl}/api/v1/rebates`, c.setup.key)) },
  { name: "account", weight: 1, run: async (c) => void (await get(c, "account", `${c.target.baseUrl}/api/v1/account`, c.setup.key)) },
  { name: "bridge quote", weight: 1, run: async (c) => void (await post(c, "bridge quote", `${c.target.baseUrl}/api/v1/bridge/quote`, c.setup.key, {
    originChainId: 8453, destinationChainId: 42161, inputToken: "USDC", outputToken: "USDC", amount: String(20_000_000 + randomInt(1_000_000)),
    depositor: c.user.wallet.account.address,
  })) },
  { name: "sandbox route", weight: 1, run: async (c) => void (await post(c, "sandbox route", `${c.target.sandboxUrl}/api/v1/route`, c.setup.sandboxKey,
    { chain: "base", from: "USDC", to: "WETH", amount: "100" })) },
  { name: "sandbox solve", weight: 1, run: (c) => swap(c, "sandbox solve", "100", true) },
];

/** Picks an operation by weight. */
export function pickOperation(): Operation {
  const total = soakOperations.reduce((sum, o) => sum + o.weight, 0);
  let roll = randomInt(total);
  for (const o of soakOperations) {
    if ((roll -= o.weight) < 0) return o;
  }
  return soakOperations[0]!;
}
