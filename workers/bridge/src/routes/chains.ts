import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { chainNames, chains } from "@sluice/core";
import type { BridgeEnv } from "../bridgeEnv.js";

export const BridgeChainSchema = z.object({
  chainId: z.number().int().openapi({ example: 8453 }),
  name: z.string().openapi({ example: "Base" }),
  publicRpcUrl: z.string(),
  explorerUrl: z.string(),
  logoUrl: z.string(),
}).openapi("BridgeChain");

/** Public (no key): static reference data, like the token list. */
export const getBridgeChainsRoute = createRoute({
  method: "get",
  path: "/api/v1/bridge/chains",
  tags: ["Bridge"],
  summary: "The chains bridging connects (public, no key)",
  responses: {
    200: { description: "The four chains", content: { "application/json": { schema: z.object({ ok: z.literal(true), chains: z.array(BridgeChainSchema) }) } } },
  },
});

export function registerGetBridgeChains(app: OpenAPIHono<BridgeEnv>) {
  app.openapi(getBridgeChainsRoute, (c) => c.json({
    ok: true as const,
    chains: chainNames.map((name) => {
      const chain = chains[name];
      return { chainId: chain.id, name: chain.displayName, publicRpcUrl: chain.publicRpcUrl, explorerUrl: chain.explorerUrl, logoUrl: chain.logoUrl };
    }),
  }, 200));
}
