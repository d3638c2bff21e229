/**
 * Regenerates `src/schema.d.ts` from a running Sluice's OpenAPI document:
 *   pnpm --filter @sluice/sdk generate:schema [BASE_URL]
 * BASE_URL defaults to SLUICE_BASE_URL, then the local stack (`pnpm dev`, http://127.0.0.1:8787).
 */
import { writeFileSync } from "node:fs";
import { renderSchema, SCHEMA_FILE } from "./renderSchema.js";

const baseUrl = process.argv[2] ?? process.env.SLUICE_BASE_URL ?? "http://127.0.0.1:8787";
const response = await fetch(new URL("/api/v1/openapi.json", baseUrl));
if (!response.ok) throw new Error(`${baseUrl}/api/v1/openapi.json answered ${response.status}`);
writeFileSync(SCHEMA_FILE, await renderSchema(await response.json() as Record<string, unknown>));
console.log(`wrote ${SCHEMA_FILE}`);
