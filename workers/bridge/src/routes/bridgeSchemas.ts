/** Request fields shared by the bridge endpoints; a bad value answers MALFORMED_REQUEST naming the field. */
import { z } from "@hono/zod-openapi";
import { getAddress, isAddress, zeroAddress, type Address } from "viem";
import { chainById, findBridgeToken, SluiceError, type BridgeToken, type ChainId } from "@sluice/core";

export const addressField = z.string().refine((v) => isAddress(v, { strict: false }), "must be a 0x-prefixed 20-byte address")
  .transform((v) => getAddress(v) as Address);

/** A party's address (depositor, recipient): the zero address is refused before anything is asked upstream. */
export const partyAddressField = addressField.refine((v) => v !== zeroAddress, "must not be the zero address");

export const chainIdField = z.coerce.number().int("must be an integer chain id").positive("must be a positive chain id")
  .openapi({ type: "integer", description: "1 (Ethereum), 8453 (Base), 42161 (Arbitrum) or 137 (Polygon)", example: 8453 });

export const rawAmountField = z.string().regex(/^\d{1,78}$/, "must be a raw base-unit amount as a decimal string")
  .refine((v) => !/^\d+$/.test(v) || BigInt(v) < 2n ** 256n, "must fit in 256 bits")
  .openapi({ example: "25000000" });

export const txHashField = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 32-byte 0x-prefixed transaction hash");

/** A supported chain, or UNSUPPORTED_CHAIN naming the field. */
export function requireBridgeChain(chainId: number, field: string): ChainId {
  const chain = chainById(chainId);
  if (!chain) throw new SluiceError("UNSUPPORTED_CHAIN", `${field}: chain ${chainId} is not supported (1, 8453, 42161, 137)`);
  return chain.id;
}

/** A token of the curated bridgeable set, or UNSUPPORTED_TOKEN naming the field. */
export function requireBridgeToken(chainId: number, value: string, field: string): BridgeToken {
  if (value.startsWith("0x") && !isAddress(value, { strict: false })) {
    throw new SluiceError("MALFORMED_REQUEST", `${field}: must be a token symbol or a 0x-prefixed 20-byte address`);
  }
  const token = findBridgeToken(chainId, value);
  if (!token) throw new SluiceError("UNSUPPORTED_TOKEN", `${field}: ${value} is not in the curated bridgeable set of chain ${chainId}`);
  return token;
}

export type BridgeLeg = { originChainId: ChainId; destinationChainId: ChainId; inputToken: BridgeToken; outputToken: BridgeToken };

/** The two chains (distinct, supported) and the two tokens (curated on their chain) of a quote or a tracked deposit. */
export function requireBridgeLeg(body: { originChainId: number; destinationChainId: number; inputToken: string; outputToken: string }): BridgeLeg {
  const originChainId = requireBridgeChain(body.originChainId, "originChainId");
  const destinationChainId = requireBridgeChain(body.destinationChainId, "destinationChainId");
  if (originChainId === destinationChainId) throw new SluiceError("MALFORMED_REQUEST", "destinationChainId: must differ from originChainId");
  return {
    originChainId,
    destinationChainId,
    inputToken: requireBridgeToken(originChainId, body.inputToken, "inputToken"),
    outputToken: requireBridgeToken(destinationChainId, body.outputToken, "outputToken"),
  };
}

export const BridgeTokenSchema = z.object({
  chainId: z.number().int(), address: z.string(), symbol: z.string(), name: z.string(), decimals: z.number().int(),
}).openapi("BridgeToken");
