import { Hono } from "hono";
import { Scalar } from "@scalar/hono-api-reference";
import { jsonNotFound, onError, publicCors } from "@sluice/core";
import { areaBindings, areaFor, type AreaBinding } from "./areas.js";
import { mergeOpenApiDocuments } from "./mergeOpenApiDocuments.js";

type GatewayEnv = { Bindings: Record<AreaBinding, Fetcher> };

/**
 * The public entry at {base_url}. It forwards each request, untouched, to the area worker that owns the path;
 * authentication, validation and everything else happen in the area workers.
 */
const app = new Hono<GatewayEnv>();
app.onError(onError);
app.use("/api/v1/*", publicCors());

app.get("/api/v1/openapi.json", async (c) => {
  const parts = await Promise.all(areaBindings.map(async (binding) => {
    const response = await c.env[binding].fetch("https://internal/openapi.json");
    return response.json<Parameters<typeof mergeOpenApiDocuments>[0][number]>();
  }));
  return c.json(mergeOpenApiDocuments(parts, {
    title: "Sluice API",
    version: "1.0.0",
    description: "Same-chain swap quotes and gasless execution, token lists, partner reporting and cross-chain bridging.",
  }));
});

/** For load balancers and uptime checks: the public entry answers (no secrets, no upstream URLs, no key needed). */
app.get("/health", (c) => c.json({ ok: true as const, service: "sluice" }));

// The viewer script is served by this deployment's static assets (see wrangler.toml), so /docs works offline.
app.get("/docs", Scalar({ url: "/api/v1/openapi.json", pageTitle: "Sluice API", cdn: "/docs/scalar.js" }));

app.all("*", async (c) => {
  const area = areaFor(new URL(c.req.url).pathname);
  if (!area) return jsonNotFound(c);
  // A fetched response's headers are immutable: copy it so the CORS headers can be added.
  const response = await c.env[area].fetch(c.req.raw);
  return new Response(response.body, response);
});

export default app;
