import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiKeySecurityScheme, mergeOpenApiDocuments, SluiceError, type OpenApiDocument } from "@sluice/core";
import type { SandboxEnv } from "../sandboxEnv.js";

/** The swap worker's paths the sandbox forwards (`registerForwardToSwap`). */
const FORWARDED_PATHS = ["/api/v1/route", "/api/v1/solve"];

/**
 * The swap deployment's OpenAPI part, fetched through the SWAP binding and kept once fetched (it changes only with a
 * deployment). Only the parsed document is kept — never a promise of another request's I/O, which a Worker may not
 * await. Not kept when the deployment cannot answer: the document would lack /route and /solve for the isolate's life.
 */
let swapPart: OpenApiDocument | undefined;
async function readSwapPart(c: Context<SandboxEnv>): Promise<OpenApiDocument> {
  if (swapPart) return swapPart;
  const response = await c.env.SWAP.fetch("https://internal/openapi.json");
  if (!response.ok) throw new SluiceError("DEPENDENCY_DOWN", `the API reference is not available: the swap deployment answered ${response.status}`);
  swapPart = await response.json<OpenApiDocument>();
  return swapPart;
}

/**
 * The sandbox's OpenAPI document at `/openapi.json`: its own routes, and `/api/v1/route` and `/api/v1/solve` as the
 * swap worker documents them. The sandbox forwards those untouched, so their request and answer schemas are the
 * swap's own definitions (its part, merged as the gateway merges the areas'), never a copy kept equal by hand.
 */
export function registerSandboxOpenApiDocument(app: OpenAPIHono<SandboxEnv>) {
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", apiKeySecurityScheme);
  app.get("/openapi.json", async (c) => {
    const own = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "Sluice sandbox", version: "1.0.0" } }) as unknown as OpenApiDocument;
    const ownPaths = new Set(Object.keys(own.paths ?? {}));
    return c.json(mergeOpenApiDocuments([own, await readSwapPart(c)], {
      info: { title: "Sluice sandbox", version: "1.0.0" },
      servers: [{ url: new URL(c.req.url).origin, description: "This sandbox" }],
      include: (path) => ownPaths.has(path) || FORWARDED_PATHS.includes(path),
      tags: [
        { name: "Sandbox", description: "Real quotes and calldata, nothing submitted or recorded; sandbox keys" },
        { name: "Swap", description: "Quote (`/route`) and dry-run (`/solve`) same-chain swaps, as in production" },
        { name: "Webhooks", description: "Sandbox endpoints, which hear of each dry-run solve" },
      ],
    }));
  });
}
