/**
 * `pnpm --filter @sluice/contracts compile`: recompiles contracts/ into artifacts/ and regenerates core's executor ABI
 * token probe and tick bitmap lens from their artifacts.
 */
import { artifactsDir, contractsDir } from "../paths.js";
import { writeArtifacts } from "./writeArtifacts.js";
import { writeExecutorAbi } from "./writeExecutorAbi.js";
import { writeStateOverrideCodes } from "./writeStateOverrideCode.js";

const written = writeArtifacts(contractsDir, artifactsDir);
writeExecutorAbi();
writeStateOverrideCodes();
console.log(`compiled ${written.length} contract(s): ${written.join(", ")}; core's executorAbi.ts, tokenProbeArtifact.ts and tickBitmapLensArtifact.ts regenerated`);
