/**
 * Deployment-specific chain configuration: where each chain is reached and which of Sluice's contracts live there.
 * Production sets it from the environment; locally the devnet manifest has exactly this shape.
 */
import { z } from "zod";
import { isAddress, type Address } from "viem";
import { chainNames, type ChainName } from "./chains.js";

const address = z.string().refine((v) => isAddress(v, { strict: false }), "must be a 0x-prefixed 20-byte address")
  .transform((v) => v as Address);

export const chainDeploymentSchema = z.object({
  rpcUrl: z.string().url(),
  /** Sluice's executor contract (the Permit2 spender); null where it is not deployed (no gasless swaps there). */
  executor: address.nullable(),
  /** Relayer wallets that pay gas for gasless swaps. */
  relayers: z.array(address).default([]),
  uniswapV2Factory: address.optional(),
  uniswapV3Factory: address.optional(),
  /** Overrides the registry's gasless minimum (USD, decimal string). */
  gaslessMinimumUsd: z.string().regex(/^\d+(\.\d+)?$/).optional(),
  /** Overrides the registry's confirmation depth before a swap's volume counts (0: as soon as it is mined). */
  confirmations: z.number().int().min(0).max(10_000).optional(),
  /** Overrides the registry's cap on what a relayer pays per gas (wei, decimal string). */
  maxFeePerGasWei: z.string().regex(/^\d{1,30}$/).optional(),
  /** Overrides the registry's gas price the router values gas at to choose between routes (wei, decimal string). */
  routingGasPriceWei: z.string().regex(/^\d{1,30}$/).optional(),
  /** Overrides the registry's most gas a gasless swap may need per hop (decimal string). */
  gaslessGasPerHop: z.string().regex(/^[1-9]\d{0,11}$/).optional(),
  /** Overrides the registry's minimum relayer balance (wei, decimal string) below which a relayer leaves rotation. */
  minRelayerBalanceWei: z.string().regex(/^\d{1,30}$/).optional(),
  /** Overrides the registry's head freshness for quotes (ms; 0: every quote reads the head itself). */
  headMaxAgeMs: z.number().int().min(0).max(60_000).optional(),
  /**
   * Where a cold index starts reading factory events; default: the deployment block of the registry's Uniswap
   * factory when the configured factory is it (`chains.ts`), else 0.
   */
  indexStartBlock: z.number().int().min(0).optional(),
  /** Overrides the registry's routable-liquidity threshold (USD; 0: every indexed pool is routable). */
  routableLiquidityUsd: z.number().min(0).max(1e12).optional(),
});
export type ChainDeployment = z.infer<typeof chainDeploymentSchema>;

export const chainConfigSchema = z.partialRecord(z.enum(chainNames), chainDeploymentSchema);
export type ChainConfig = Partial<Record<ChainName, ChainDeployment>>;

/** Parses the `SLUICE_CHAINS` JSON configuration; throws a readable error naming the bad field. */
export function parseChainConfig(json: string | undefined): ChainConfig {
  if (!json) return {};
  const parsed = chainConfigSchema.safeParse(JSON.parse(json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`SLUICE_CHAINS.${issue.path.join(".")}: ${issue.message}`);
  }
  return parsed.data;
}
