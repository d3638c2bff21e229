/** Which area worker serves which public path. The gateway holds no other logic. */
export const areaBindings = ["SWAP", "TOKENS", "REPORTING", "BRIDGE"] as const;
export type AreaBinding = (typeof areaBindings)[number];

const routeTable: Array<[RegExp, AreaBinding]> = [
  [/^\/api\/v1\/(route|solve|confirm|ping)$/, "SWAP"],
  [/^\/api\/v1\/tokens$/, "TOKENS"],
  [/^\/api\/v1\/(account|usage|rebates)$/, "REPORTING"],
  [/^\/api\/v1\/webhooks(\/|$)/, "REPORTING"],
  [/^\/api\/v1\/bridge\//, "BRIDGE"],
  // The admin API (/admin/v1/*) and the operator pages (/admin); /admin/docs and /admin/v1/openapi.json are the gateway's.
  [/^\/admin(\/|$)/, "REPORTING"],
  // The partner dashboard and its stylesheet.
  [/^\/dashboard(\/|$)/, "REPORTING"],
];

export function areaFor(pathname: string): AreaBinding | undefined {
  return routeTable.find(([pattern]) => pattern.test(pathname))?.[1];
}
