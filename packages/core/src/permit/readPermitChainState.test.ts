/**
 * What a permit is checked against, read on a real devnet chain (anvil, the canonical Permit2 and Multicall3): a
 * chain whose Permit2 or RPC fails is a dependency down (503), a token that cannot be read is the permit's fault.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc20Abi, type Address, type Hex } from "viem";
import { quotingScenario, rejectingClient, startQuotingTestbed, type QuotingTestbed } from "@sluice/testkit";
import { PERMIT2_ADDRESS } from "../chains/chains.js";
import { readPermitChainState } from "./readPermitChainState.js";

let bed: QuotingTestbed;
let owner: Address;
beforeAll(async () => {
  bed = await startQuotingTestbed(quotingScenario);
  owner = bed.user.account.address;
});
afterAll(async () => bed?.stop());

describe("readPermitChainState", () => {
  it("reads the chain time, the nonce's bit, the balance and the Permit2 allowance", async () => {
    const token = bed.token("USDC");
    const [state, balance, allowance, block] = await Promise.all([
      readPermitChainState(bed.client, { owner, token, nonce: 5n }),
      bed.client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
      bed.client.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [owner, PERMIT2_ADDRESS] }),
      bed.client.getBlock(),
    ]);
    expect(state).toEqual({ chainTime: block.timestamp, nonceUsed: false, balance, permit2Allowance: allowance });
    expect(balance).toBeGreaterThan(0n);
  });

  // decisions §2.2: a chain's RPC failing is 503 DEPENDENCY_DOWN; 502 UPSTREAM_ERROR is the bridge protocol's.
  it("a Permit2 that cannot be read (no code where it must be: a node not synced) is DEPENDENCY_DOWN, not UPSTREAM_ERROR", async () => {
    const code = (await bed.client.getCode({ address: PERMIT2_ADDRESS })) as Hex;
    const setCode = (value: Hex) => bed.client.request({ method: "anvil_setCode" as never, params: [PERMIT2_ADDRESS, value] as never });
    await setCode("0x");
    try {
      await expect(readPermitChainState(bed.client, { owner, token: bed.token("USDC"), nonce: 5n }))
        .rejects.toMatchObject({ code: "DEPENDENCY_DOWN", status: 503, message: "Permit2 or Multicall3 could not be read on this chain; retry shortly" });
    } finally {
      await setCode(code);
    }
  });

  it("an RPC that does not answer is DEPENDENCY_DOWN", async () => {
    const down = rejectingClient({ rpcUrl: bed.manifest.rpcUrl, rejects: () => true });
    await expect(readPermitChainState(down.client, { owner, token: bed.token("USDC"), nonce: 5n })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
  });

  it("a token whose balance cannot be read (no contract there) is the permit's fault: PERMIT_INVALID", async () => {
    await expect(readPermitChainState(bed.client, { owner, token: "0x00000000000000000000000000000000000000aa", nonce: 5n }))
      .rejects.toMatchObject({ code: "PERMIT_INVALID" });
  });
});
