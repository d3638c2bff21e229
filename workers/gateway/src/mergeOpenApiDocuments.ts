type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown>>;
  tags?: unknown[];
};

/** Merges the area workers' OpenAPI parts into the one public document. */
export function mergeOpenApiDocuments(parts: OpenApiDocument[], info: Record<string, unknown>): OpenApiDocument {
  const merged: OpenApiDocument = { openapi: "3.1.0", info, paths: {}, components: {} };
  for (const part of parts) {
    Object.assign(merged.paths!, part.paths ?? {});
    for (const [kind, entries] of Object.entries(part.components ?? {})) {
      merged.components![kind] = { ...(merged.components![kind] ?? {}), ...entries };
    }
  }
  return merged;
}
