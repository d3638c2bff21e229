import { prepareGatewayAssets } from "@sluice/stack";
import { buildWorkerBundles, type WorkerBundle } from "./buildWorkerBundles.js";
import { checkWorkerConfigs, type ConfigProblem } from "./checkWorkerConfigs.js";
import { checkWorkerEnvironments } from "./checkWorkerEnvironments.js";
import { readWorkerConfigs } from "./readWorkerConfigs.js";
import { workerSchemas } from "./workerSchemas.js";

/** A worker bundle larger than this (gzip) fails the check; Cloudflare's paid plan allows 10 MB. */
export const BUNDLE_BUDGET_GZIP_BYTES = 1024 * 1024;

export type DeployCheckReturnType = { bundles: WorkerBundle[]; problems: ConfigProblem[]; ok: boolean };

/**
 * `pnpm deploy:check`: prepares what a deployment ships beside code (the gateway's assets), checks every worker's
 * configuration against its code and its staging and production blocks against the top level
 * (`checkWorkerEnvironments`), and builds every bundle as `wrangler deploy` would, within the size budget and free of
 * development code.
 */
export function deployCheck(root: string, options: { build?: boolean } = {}): DeployCheckReturnType {
  prepareGatewayAssets();
  const workers = readWorkerConfigs(root);
  const problems = [...checkWorkerConfigs({ root, workers, schemas: workerSchemas }), ...checkWorkerEnvironments(workers)];
  const bundles = options.build === false ? [] : buildWorkerBundles(root, workers);
  for (const bundle of bundles) {
    if (bundle.error) problems.push({ worker: bundle.worker, problem: `wrangler could not build it: ${bundle.error}` });
    if (bundle.gzipBytes > BUNDLE_BUDGET_GZIP_BYTES) {
      problems.push({ worker: bundle.worker, problem: `bundle is ${bundle.gzipBytes} bytes gzip, over the ${BUNDLE_BUDGET_GZIP_BYTES} budget` });
    }
    for (const path of bundle.forbidden) problems.push({ worker: bundle.worker, problem: `bundle contains development code (${path})` });
  }
  return { bundles, problems, ok: problems.length === 0 };
}
