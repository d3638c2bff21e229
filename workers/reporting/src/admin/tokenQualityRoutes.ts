import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  chainNames, errorResponses, importTokenList, longQueries, readTokenQuality, requireAdminToken, setTokenQuality, tokenListFileSchema,
  type TokenQualityRow,
} from "@sluice/core";
import { adminSecurity } from "./schemas.js";
import type { ReportingEnv } from "../env.js";

const common = { tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken()] };

const score = z.number().int().min(0).max(100).openapi({ description: "0–100; a token is listed and may be a hop only at 100" });
const ChainParam = z.object({ chain: z.enum(chainNames) });
const TokenParam = ChainParam.extend({ token: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address") });
const TokenQualitySchema = z.object({
  chain: z.string(), token: z.string(), score: z.number(), source: z.string(), updatedAt: z.string(), updatedBy: z.string(),
}).openapi("AdminTokenQuality");
const SetTokenQualityBody = z.object({ score }).strict();
const ImportTokenListBody = z.object({
  list: tokenListFileSchema.openapi({ description: "A Token Lists file (tokenlists.org schema)" }),
  score: score.optional().openapi({ description: "The score every imported token gets (default 100)" }),
}).strict();

export const listTokenQualityRoute = createRoute({
  ...common, method: "get", path: "/admin/v1/token-quality/{chain}", summary: "A chain's token quality scores",
  request: { params: ChainParam },
  responses: {
    200: { description: "Scores by token address", content: { "application/json": { schema: z.object({ ok: z.literal(true), chain: z.string(), tokens: z.array(TokenQualitySchema) }) } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

export const setTokenQualityRoute = createRoute({
  ...common, method: "put", path: "/admin/v1/token-quality/{chain}/{token}",
  summary: "Set a token's quality score; the token list follows at once, routing at the next graph indexing",
  request: { params: TokenParam, body: { required: true, content: { "application/json": { schema: SetTokenQualityBody } } } },
  responses: {
    200: { description: "The stored score", content: { "application/json": { schema: z.object({ ok: z.literal(true), cacheInvalidated: z.boolean(), token: TokenQualitySchema }) } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

export const importTokenListRoute = createRoute({
  ...common, middleware: [requireAdminToken(), longQueries()], method: "post", path: "/admin/v1/token-quality/import",
  summary: "Import a Token Lists file: its tokens of served chains get the score (default 100)",
  request: { body: { required: true, content: { "application/json": { schema: ImportTokenListBody } } } },
  responses: {
    200: { description: "What was imported", content: { "application/json": { schema: z.object({
      ok: z.literal(true), name: z.string(), score: z.number(), imported: z.record(z.string(), z.number()), skipped: z.number(), cacheInvalidated: z.boolean(),
    }) } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

/** `/admin/v1/token-quality*`: the same operations as `pnpm admin token-quality`. */
export function registerTokenQualityRoutes(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(listTokenQualityRoute, async (c) => {
    const { chain } = c.req.valid("param");
    const rows = await readTokenQuality({ db: c.get("services").db, chain });
    return c.json({ ok: true as const, chain, tokens: rows.map(toJson) }, 200);
  });
  app.openapi(setTokenQualityRoute, async (c) => {
    const { db, redis } = c.get("services");
    const { chain, token } = c.req.valid("param");
    const { cacheInvalidated } = await setTokenQuality({
      db, redis, entries: [{ chain, token, score: c.req.valid("json").score }], source: "operator", updatedBy: "admin-api",
    });
    const [row] = await readTokenQuality({ db, chain, tokens: [token] });
    return c.json({ ok: true as const, cacheInvalidated, token: toJson(row!) }, 200);
  });
  app.openapi(importTokenListRoute, async (c) => {
    const { db, redis } = c.get("services");
    const body = c.req.valid("json");
    const result = await importTokenList({ db, redis, list: body.list, score: body.score, updatedBy: "admin-api" });
    return c.json({ ok: true as const, ...result }, 200);
  });
}

function toJson(row: TokenQualityRow) {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}
