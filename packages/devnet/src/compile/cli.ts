/**
 * `pnpm --filter @sluice/devnet compile`: recompiles packages/devnet/contracts into packages/devnet/artifacts and
 * regenerates core's executor ABI from the executor's artifact.
 */
import { writeArtifacts } from "./writeArtifacts.js";
import { writeExecutorAbi } from "./writeExecutorAbi.js";

const written = writeArtifacts();
writeExecutorAbi();
console.log(`compiled ${written.length} contract(s): ${written.join(", ")}; core's executorAbi.ts regenerated`);
