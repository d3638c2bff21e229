import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The gateway's folder (its `package.json`, and `public/`, the asset folder the root wrangler.toml names). */
const GATEWAY_ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The API reference page at /docs runs Scalar's viewer, a 4 MB script: rather than load it from a CDN (which a
 * machine without internet cannot), the public entry serves it as a static asset. This copies it from the installed
 * package into the gateway's asset folder (git-ignored); a deployment runs the same step before `wrangler deploy`, and
 * the Node host (`pnpm start`) when it starts. A build step of the public entry, never part of its bundle (nothing the
 * worker's `index.ts` reaches imports it).
 *
 * It writes only when the file differs: a running `wrangler dev` watches that folder and reloads the public entry on
 * any write (requests stalled for up to 3 s while `pnpm deploy:check` ran beside the test stack), so a second caller
 * — the deploy check in the test suite — must leave a running stack alone.
 */
export function prepareGatewayAssets(): void {
  const requireFromGateway = createRequire(join(GATEWAY_ROOT, "package.json"));
  // The package exports no path to its browser bundle, so find the package folder from its main entry.
  const entry = requireFromGateway.resolve("@scalar/api-reference");
  const packageRoot = entry.slice(0, entry.lastIndexOf("/dist/"));
  const viewer = join(packageRoot, "dist/browser/standalone.js");
  const target = join(GATEWAY_ROOT, "public/docs");
  const file = join(target, "scalar.js");
  if (existsSync(file) && readFileSync(file).equals(readFileSync(viewer))) return;
  mkdirSync(target, { recursive: true });
  copyFileSync(viewer, file);
}
