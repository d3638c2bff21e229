import { encodeFunctionData, erc20Abi, parseUnits, type Address, type Hash, type Hex } from "viem";
import { chains, type ChainName } from "@sluice/core";
import { reader, token, type TestUser } from "./devnetWallets.js";

export type OwnTransaction = { to: Address; data: Hex; gas?: bigint };

/**
 * How an owner gets ahead of Sluice's relayer: `relayed` makes the relayer send (a gasless `/solve`) while the devnet
 * does not mine; then `user` sends `own(relayed's result)` with a far higher tip (signed by hand: against the pending
 * state the node would refuse to estimate it), and one block mines both, the user's first. Automining is restored
 * whatever happens.
 */
export async function outbidRelayer<T>(
  chain: ChainName, user: TestUser, relayed: () => Promise<T>, own: (relayedResult: T) => OwnTransaction,
): Promise<{ relayed: T; own: Hash }> {
  const client = reader(chain);
  await client.request({ method: "evm_setAutomine" as never, params: [false] as never });
  try {
    const result = await relayed();
    const tx = own(result);
    const serializedTransaction = await user.account.signTransaction({
      chainId: chains[chain].id, type: "eip1559", to: tx.to, data: tx.data, gas: tx.gas ?? 1_000_000n,
      nonce: await client.getTransactionCount({ address: user.address, blockTag: "pending" }),
      maxPriorityFeePerGas: parseUnits("50", 9), maxFeePerGas: parseUnits("500", 9),
    });
    const hash = await client.sendRawTransaction({ serializedTransaction });
    await client.request({ method: "evm_mine" as never, params: [] as never });
    return { relayed: result, own: hash };
  } finally {
    await client.request({ method: "evm_setAutomine" as never, params: [true] as never });
  }
}

/** The owner's transaction that empties its balance of `symbol` (to a burn address), for `outbidRelayer`. */
export function transferAway(chain: ChainName, symbol: string, amount: string): OwnTransaction {
  const t = token(chain, symbol);
  return {
    to: t.address, gas: 100_000n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: ["0x000000000000000000000000000000000000dEaD", parseUnits(amount, t.decimals)] }),
  };
}
