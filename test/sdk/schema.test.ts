/**
 * The SDK cannot drift from the API: its types (`packages/sdk/src/schema.d.ts`) are the running API's OpenAPI
 * document rendered by openapi-typescript, and this fails when the committed file differs from what the document
 * renders today. Regenerate with `pnpm --filter @sluice/sdk generate:schema` against `pnpm dev`, or run this test with
 * SLUICE_SDK_WRITE_SCHEMA=1.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { call } from "@sluice/testkit";
import { renderSchema, SCHEMA_FILE } from "../../packages/sdk/scripts/renderSchema.js";

describe("the SDK's types and the API's OpenAPI document", () => {
  it("src/schema.d.ts is what the served document renders", async () => {
    const document = (await call("/api/v1/openapi.json")).body;
    const rendered = await renderSchema(document);
    if (process.env.SLUICE_SDK_WRITE_SCHEMA === "1") writeFileSync(SCHEMA_FILE, rendered);
    expect(readFileSync(SCHEMA_FILE, "utf8"), "the API changed: regenerate packages/sdk/src/schema.d.ts (pnpm --filter @sluice/sdk generate:schema)")
      .toBe(rendered);
  });
});
