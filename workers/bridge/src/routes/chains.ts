import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, chainNames, chains, errorResponses, requireApiKey } from "@sluice/core";
import type { BridgeEnv } from "../bridgeEnv.js";

export const BridgeChainSchema = z.object({
  chainId: z.number().int().openapi({ example: 8453 }),
  name: z.string().openapi({ example: "Base" }),
  publicRpcUrl: z.string(),
  explorerUrl: z.string(),
  logoUrl: z.string(),
}).openapi("BridgeChain");

/** Reference data, behind the key like every endpoint but `/tokens` and the sandbox's `/health` (interface §5.5). */
export const getBridgeChainsRoute = createRoute({
  method: "get",
  path: "/api/v1/bridge/chains",
  tags: ["Bridge"],
  summary: "The chains bridging connects",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  responses: {
    200: { description: "The chains this deployment serves (of Ethereum, Base, Arbitrum and Polygon)", content: { "application/json": { schema: z.object({ ok: z.literal(true), chains: z.array(BridgeChainSchema) }) } } },
    ...errorResponses([...authErrorCodes]),
  },
});

export function registerGetBridgeChains(app: OpenAPIHono<BridgeEnv>) {
  app.openapi(getBridgeChainsRoute, (c) => c.json({
    ok: true as const,
    // Only the chains this deployment serves (its SLUICE_CHAINS), as /bridge/quote and /bridge/track decide it: a
    // chain listed here and refused there would send a partner into UNSUPPORTED_CHAIN.
    chains: chainNames.filter((name) => c.get("services").servedChain(name) !== undefined).map((name) => {
      const chain = chains[name];
      return { chainId: chain.id, name: chain.displayName, publicRpcUrl: chain.publicRpcUrl, explorerUrl: chain.explorerUrl, logoUrl: chain.logoUrl };
    }),
  }, 200));
}
