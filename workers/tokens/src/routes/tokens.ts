import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  chainNames, DEFAULT_TOKEN_LIMIT, errorResponses, fallbackTokenList, loadTokenList, MAX_TOKEN_LIMIT,
  PUBLIC_EXPOSED_HEADERS, searchTokenList, toUniswapTokenList, type AppEnv, type TokenList,
} from "@sluice/core";
import { rejectUnknownParameters } from "../rejectUnknownParameters.js";

const limitMessage = `must be a whole number from 1 to ${MAX_TOKEN_LIMIT}`;

export const TokensQuerySchema = z.object({
  chain: z.enum(chainNames, { error: `must be one of ${chainNames.join(", ")}` }).default("base")
    .openapi({ description: "Chain whose routable tokens are listed", example: "base" }),
  search: z.string().max(64, "must be at most 64 characters").optional()
    .openapi({ description: "Symbol prefix or substring (case-insensitive), or contract address prefix (`0x…`)", example: "usd" }),
  limit: z.string().regex(/^\d{1,6}$/, limitMessage).refine((v) => Number(v) >= 1 && Number(v) <= MAX_TOKEN_LIMIT, limitMessage).optional()
    .openapi({ description: `Maximum results (default ${DEFAULT_TOKEN_LIMIT}, maximum ${MAX_TOKEN_LIMIT})`, example: "100" }),
  format: z.enum(["json", "tokenlist"], { error: "must be json or tokenlist" }).default("json")
    .openapi({ description: "`tokenlist`: the same list in the Uniswap Token Lists standard, for wallets to import" }),
});

export const TokenSchema = z.object({
  address: z.string().openapi({ description: "Token contract address (EIP-55)", example: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" }),
  symbol: z.string().openapi({ example: "USDC" }),
  decimals: z.number().int().openapi({ example: 6 }),
  quality: z.number().openapi({ description: "Upstream quality score; only 100 is served", example: 100 }),
  chain: z.enum(chainNames),
  curated: z.boolean().openapi({ description: "A major asset (stablecoin, wrapped native, wrapped bitcoin…)" }),
}).openapi("Token");

export const TokensResponseSchema = z.object({
  ok: z.literal(true),
  chain: z.enum(chainNames),
  count: z.number().int(),
  source: z.enum(["indexed", "fallback"]).openapi({ description: "`fallback`: the chain's solver is unreachable; the static curated list is served" }),
  tokens: z.array(TokenSchema),
}).openapi("TokenList");

export const tokensRoute = createRoute({
  method: "get",
  path: "/api/v1/tokens",
  tags: ["Tokens"],
  summary: "The tokens a chain's solver can route (public, no key)",
  middleware: [rejectUnknownParameters(["chain", "search", "limit", "format"])],
  request: { query: TokensQuerySchema },
  responses: {
    200: { description: "The list (or, with `format=tokenlist`, a Uniswap token list)", content: { "application/json": { schema: TokensResponseSchema } } },
    304: { description: "Unchanged since the `ETag` given in `If-None-Match`" },
    ...errorResponses(["MALFORMED_REQUEST"]),
  },
});

/** Browser caches and CDNs: an indexed list for 30 s (then revalidated in the background), the fallback briefly. */
const CACHE_CONTROL = { indexed: "public, max-age=30, stale-while-revalidate=60", fallback: "public, max-age=5" } as const;

export function registerGetTokens(app: OpenAPIHono<AppEnv>) {
  app.openapi(tokensRoute, async (c) => {
    const query = c.req.valid("query");
    const list = await tokenListOrFallback(c, query.chain);
    if (list.source === "fallback") console.warn(`token list ${query.chain}: fallback (${list.reason})`);
    const tokens = searchTokenList(list.tokens, query.search, query.limit === undefined ? DEFAULT_TOKEN_LIMIT : Number(query.limit));
    const body = query.format === "tokenlist"
      ? toUniswapTokenList(list, tokens)
      : {
          ok: true as const, chain: list.chain, count: tokens.length, source: list.source,
          tokens: tokens.map(({ address, symbol, decimals, quality, chain, curated }) => ({ address, symbol, decimals, quality, chain, curated })),
        };
    const text = JSON.stringify(body);
    const etag = await entityTag(text);
    const headers = {
      "Cache-Control": CACHE_CONTROL[list.source],
      ETag: etag,
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": PUBLIC_EXPOSED_HEADERS,
    };
    if (matchesEntityTag(c.req.header("If-None-Match"), etag)) return c.body(null, 304, headers) as never;
    return c.body(text, 200, { ...headers, "Content-Type": "application/json; charset=UTF-8" }) as never;
  });
}

/** The chain's list; whatever goes wrong on the way, the fallback (this endpoint never answers 5xx). */
async function tokenListOrFallback(c: Parameters<Parameters<OpenAPIHono<AppEnv>["openapi"]>[1]>[0], chain: (typeof chainNames)[number]): Promise<TokenList> {
  try {
    const services = c.get("services");
    return await loadTokenList({ chain, source: () => services.chain(chain).source, redis: services.redis, waitUntil: services.background });
  } catch {
    return fallbackTokenList(chain, "storage-unreachable");
  }
}

async function entityTag(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `"${[...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

function matchesEntityTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").map((t) => t.trim().replace(/^W\//, "")).some((t) => t === etag || t === "*");
}
