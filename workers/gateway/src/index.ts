import { Hono, type Context } from "hono";
import { Scalar } from "@scalar/hono-api-reference";
import { jsonNotFound, mergeOpenApiDocuments, onError, publicCors, SluiceError, type OpenApiDocument } from "@sluice/core";
import { areaBindings, areaFor, type AreaBinding } from "./areas.js";

type GatewayEnv = { Bindings: Record<AreaBinding, Fetcher> };

/**
 * The public entry at {base_url}. It forwards each request, untouched, to the area worker that owns the path;
 * authentication, validation and everything else happen in the area workers.
 */
const app = new Hono<GatewayEnv>();
app.onError(onError);
app.use("/api/v1/*", publicCors());

/**
 * The area workers' OpenAPI parts, fetched through the service bindings one after another and kept once fetched (they
 * change only with a deployment). Only the parsed documents are kept — never a promise of another request's I/O,
 * which a Worker may not await.
 */
let parts: OpenApiDocument[] | undefined;
async function openApiParts(c: Context<GatewayEnv>): Promise<OpenApiDocument[]> {
  if (parts) return parts;
  const fetched: OpenApiDocument[] = [];
  for (const binding of areaBindings) {
    const response = await c.env[binding].fetch("https://internal/openapi.json");
    // An area that cannot answer (its settings refused) is not kept as a part: the document would lack its paths
    // for the isolate's life, after the settings were mended.
    if (!response.ok) throw new SluiceError("DEPENDENCY_DOWN", `the API reference is not available: an area answered ${response.status}`);
    fetched.push(await response.json<OpenApiDocument>());
  }
  parts = fetched;
  return fetched;
}

const localServers = [
  { url: "http://127.0.0.1:8787", description: "Local stack (pnpm dev)" },
  { url: "http://127.0.0.1:8788", description: "Local sandbox (pnpm dev)" },
];

/** The partner's reference: every /api/v1 endpoint but the internal ping, tags in the interface's order. */
app.get("/api/v1/openapi.json", async (c) => c.json(mergeOpenApiDocuments(await openApiParts(c), {
  info: {
    title: "Sluice API",
    version: "1.0.0",
    license: { name: "Proprietary", identifier: "LicenseRef-Sluice-Proprietary" },
    description: "Same-chain swap quotes and gasless execution, token lists, partner reporting and cross-chain bridging. "
      + "Authenticate with `X-Sluice-API-Key`; the sandbox (its own host, sandbox keys) serves `/health`, `/api/v1/route` and a dry-run `/api/v1/solve`.",
  },
  servers: [{ url: new URL(c.req.url).origin, description: "This deployment" }, ...localServers],
  include: (path) => path.startsWith("/api/v1/") && path !== "/api/v1/ping",
  tags: [
    { name: "Swap", description: "Quote (`/route`), execute (`/solve`) and confirm (`/confirm`) same-chain swaps" },
    { name: "Tokens", description: "The routable token list of each chain (no key)" },
    { name: "Reporting", description: "The key's account, usage events and monthly rebate ledger" },
    { name: "Bridge", description: "Validated Across quotes, deposit tracking and status" },
    { name: "Webhooks", description: "Signed push notifications of swap, bridge and rebate outcomes: endpoints, tests and delivery logs" },
  ],
})));

/** The operator's reference, apart from the partners': the admin API (admin token). */
app.get("/admin/v1/openapi.json", async (c) => c.json(mergeOpenApiDocuments(await openApiParts(c), {
  info: { title: "Sluice admin API", version: "1.0.0", license: { name: "Proprietary", identifier: "LicenseRef-Sluice-Proprietary" }, description: "Operator operations: accounts, keys, rates, test traffic, settlement. `Authorization: Bearer <ADMIN_TOKEN>`." },
  servers: [{ url: new URL(c.req.url).origin, description: "This deployment" }, localServers[0]!],
  include: (path) => path.startsWith("/admin/v1/"),
  tags: [{ name: "Admin", description: "Operator operations" }],
})));

// The viewer script is served by this deployment's static assets (see wrangler.toml), so /docs works offline.
/**
 * For load balancers and uptime checks: the public entry answers (no secrets, no upstream URLs, no key needed), with
 * the gasless relayers per chain (how many, how many hold the chain's minimum balance) as the swap worker reports them
 * within two seconds — `null` when it cannot say. A 200 means the entry serves; `relayers` is for operators' alerts.
 */
app.get("/health", async (c) => {
  const relayers = await c.env.SWAP.fetch("https://internal/internal/health", { signal: AbortSignal.timeout(2_000) })
    .then((r) => (r.ok ? r.json<{ relayers: unknown }>() : { relayers: null }))
    .then((body) => body.relayers ?? null)
    .catch(() => null);
  return c.json({ ok: true as const, service: "sluice", relayers });
});

// Online-only parts of the viewer are off: the page works without internet.
const viewer = { cdn: "/docs/scalar.js", hideClientButton: true, withDefaultFonts: false, hideDownloadButton: false } as const;
app.get("/docs", Scalar({ url: "/api/v1/openapi.json", pageTitle: "Sluice API", ...viewer }));
app.get("/admin/docs", Scalar({ url: "/admin/v1/openapi.json", pageTitle: "Sluice admin API", ...viewer }));

app.all("*", async (c) => {
  const area = areaFor(new URL(c.req.url).pathname);
  if (!area) return jsonNotFound(c);
  // Passed on untouched: the area worker's answer carries its CORS headers already. One that lacks them (immutable, as
  // a binding's answer is) is copied by publicCors to add them, its status and headers kept.
  return c.env[area].fetch(c.req.raw);
});

export default app;
