/**
 * `pnpm --filter @sluice/contracts compile`: recompiles contracts/ into artifacts/ and regenerates core's executor ABI
 * from the executor's artifact.
 */
import { artifactsDir, contractsDir } from "../paths.js";
import { writeArtifacts } from "./writeArtifacts.js";
import { writeExecutorAbi } from "./writeExecutorAbi.js";

const written = writeArtifacts(contractsDir, artifactsDir);
writeExecutorAbi();
console.log(`compiled ${written.length} contract(s): ${written.join(", ")}; core's executorAbi.ts regenerated`);
