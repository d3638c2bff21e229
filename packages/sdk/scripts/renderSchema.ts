/**
 * The SDK's types come from the API's own OpenAPI document: this renders `/api/v1/openapi.json` (as the public entry
 * serves it) into `src/schema.d.ts` with openapi-typescript. The drift test (`test/sdk/schema.test.ts`) renders the
 * running stack's document and fails when the committed file differs.
 */
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

export const SCHEMA_FILE = fileURLToPath(new URL("../src/schema.d.ts", import.meta.url));

const HEADER = [
  "/**",
  " * Generated from the Sluice API's OpenAPI document (`GET /api/v1/openapi.json`) by openapi-typescript.",
  " * Do not edit: regenerate with `pnpm --filter @sluice/sdk generate:schema` against a running stack",
  " * (test/sdk/schema.test.ts fails when this file and the API differ).",
  " */",
  "",
].join("\n");

/** The TypeScript source of the document's types. Servers (which name the deployment's origin) are left out. */
export async function renderSchema(document: Record<string, unknown>): Promise<string> {
  const { servers: _servers, ...stable } = document;
  const ast = await openapiTS(stable as never, { alphabetize: true, silent: true });
  return HEADER + astToString(ast);
}
