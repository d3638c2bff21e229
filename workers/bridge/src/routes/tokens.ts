import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, bridgeTokens, errorResponses, requireApiKey } from "@sluice/core";
import type { BridgeEnv } from "../bridgeEnv.js";
import { BridgeTokenSchema, chainIdField, requireBridgeChain } from "./bridgeSchemas.js";

/** The curated bridgeable set of one chain (behind the key, interface §5.5). */
export const getBridgeTokensRoute = createRoute({
  method: "get",
  path: "/api/v1/bridge/tokens",
  tags: ["Bridge"],
  summary: "The curated bridgeable tokens of a chain",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { query: z.object({ chainId: chainIdField }) },
  responses: {
    200: { description: "The bridgeable tokens", content: { "application/json": { schema: z.object({ ok: z.literal(true), tokens: z.array(BridgeTokenSchema) }) } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", ...authErrorCodes]),
  },
});

export function registerGetBridgeTokens(app: OpenAPIHono<BridgeEnv>) {
  app.openapi(getBridgeTokensRoute, (c) => {
    const chainId = requireBridgeChain(c.req.valid("query").chainId, "chainId");
    return c.json({
      ok: true as const,
      tokens: bridgeTokens(chainId).map((t) => ({ chainId: t.chainId, address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals })),
    }, 200);
  });
}
