import { createWalletClient, http, parseAbi, parseAbiItem, type Address, type PublicClient } from "viem";

const mintEvent = parseAbiItem("event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)");

export type BurnV3PositionParameters = {
  client: PublicClient;
  rpcUrl: string;
  pool: Address;
};

/** The position burnt: its owner, bounds and liquidity. */
export type BurnV3PositionReturnType = { owner: Address; tickLower: number; tickUpper: number; amount: bigint };

/**
 * Burns the widest position of a devnet V3 pool whole, as its owner (the devnet's seeder holds every position; there
 * is no position manager), impersonated on anvil: on the ladder pool its two ticks belong to no other position, so
 * the Burn uninitializes them. Mines the transaction and checks it succeeded.
 */
export async function burnV3Position({ client, rpcUrl, pool }: BurnV3PositionParameters): Promise<BurnV3PositionReturnType> {
  const mints = await client.getLogs({ address: pool, event: mintEvent, fromBlock: 0n, strict: true });
  const widest = mints.map((l) => l.args as BurnV3PositionReturnType)
    .sort((a, b) => (b.tickUpper - b.tickLower) - (a.tickUpper - a.tickLower))[0];
  if (!widest) throw new Error(`pool ${pool} has no position to burn`);
  const { owner } = widest;
  await client.request({ method: "anvil_impersonateAccount" as never, params: [owner] as never });
  await client.request({ method: "anvil_setBalance" as never, params: [owner, "0x56BC75E2D63100000"] as never });
  try {
    const seeder = createWalletClient({ account: owner, transport: http(rpcUrl) });
    const hash = await seeder.writeContract({
      address: pool, abi: parseAbi(["function burn(int24 tickLower, int24 tickUpper, uint128 amount) returns (uint256, uint256)"]),
      functionName: "burn", args: [widest.tickLower, widest.tickUpper, widest.amount], chain: null,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`burning ${pool}'s position reverted`);
  } finally {
    await client.request({ method: "anvil_stopImpersonatingAccount" as never, params: [owner] as never });
  }
  return { owner, tickLower: widest.tickLower, tickUpper: widest.tickUpper, amount: widest.amount };
}
