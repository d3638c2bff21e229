type Operation = { operationId?: string; security?: unknown[]; tags?: string[] } & Record<string, unknown>;

export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  servers?: { url: string; description: string }[];
  tags?: { name: string; description: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

export type MergeOpenApiDocumentsOptions = {
  info: Record<string, unknown>;
  servers: { url: string; description: string }[];
  /** Which paths go in this document (the partner reference, or the operator's). */
  include: (path: string) => boolean;
  /** Tags in the order the reference shows them. */
  tags: { name: string; description: string }[];
};

/**
 * Merges OpenAPI parts into one document (the gateway: the area workers' parts; the sandbox: its own and its swap
 * deployment's): only the paths `include` keeps, every operation with an `operationId` (method + path: `postRoute`,
 * `getBridgeStatus`), and keyless operations marked `security: []` so generators and linters do not assume the API key.
 */
export function mergeOpenApiDocuments(parts: OpenApiDocument[], options: MergeOpenApiDocumentsOptions): OpenApiDocument {
  const merged: OpenApiDocument = { openapi: "3.1.0", info: options.info, servers: options.servers, tags: options.tags, paths: {}, components: {} };
  for (const part of parts) {
    for (const [path, operations] of Object.entries(part.paths ?? {})) {
      if (!options.include(path)) continue;
      const named: Record<string, Operation> = {};
      for (const [method, operation] of Object.entries(operations)) {
        named[method] = { ...operation, operationId: operation.operationId ?? operationId(method, path), security: operation.security ?? [] };
      }
      merged.paths![path] = named;
    }
    for (const [kind, entries] of Object.entries(part.components ?? {})) {
      merged.components![kind] = { ...(merged.components![kind] ?? {}), ...entries };
    }
  }
  return withUsedComponentsOnly(merged);
}

/** Keeps the components the document's paths use (directly or through other components), and the security schemes they name. */
function withUsedComponentsOnly(doc: OpenApiDocument): OpenApiDocument {
  const used = new Set<string>();
  const schemes = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && !used.has(inner)) {
        used.add(inner);
        const [, , kind, name] = inner.split("/");
        visit(doc.components?.[kind!]?.[name!]);
      } else if (key === "security" && Array.isArray(inner)) {
        for (const requirement of inner) for (const name of Object.keys(requirement as object)) schemes.add(name);
      } else visit(inner);
    }
  };
  visit(doc.paths);
  const components: Record<string, Record<string, unknown>> = {};
  for (const [kind, entries] of Object.entries(doc.components ?? {})) {
    const kept = Object.fromEntries(Object.entries(entries).filter(([name]) =>
      kind === "securitySchemes" ? schemes.has(name) : used.has(`#/components/${kind}/${name}`)));
    if (Object.keys(kept).length > 0) components[kind] = kept;
  }
  return { ...doc, components };
}

/** `post /api/v1/bridge/quote` → `postBridgeQuote`; `/admin/v1/accounts/{id}/keys` → `getAccountsIdKeys`. */
function operationId(method: string, path: string): string {
  const words = path.replace(/^\/(api|admin)\/v1\//, "").split(/[/{}_-]+/).filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}
