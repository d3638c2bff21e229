/**
 * `pnpm --filter @sluice/contracts compile`: recompiles contracts/ into artifacts/ and regenerates core's executor ABI
 * token probe and tick bitmap lens from their artifacts.
 */
import { artifactsDir, contractsDir } from "../paths.js";
import { writeArtifacts } from "./writeArtifacts.js";
import { writeExecutorAbi } from "./writeExecutorAbi.js";
import { writeTickBitmapLens } from "./writeTickBitmapLens.js";
import { writeTokenProbe } from "./writeTokenProbe.js";

const written = writeArtifacts(contractsDir, artifactsDir);
writeExecutorAbi();
writeTokenProbe();
writeTickBitmapLens();
console.log(`compiled ${written.length} contract(s): ${written.join(", ")}; core's executorAbi.ts, tokenProbeArtifact.ts and tickBitmapLensArtifact.ts regenerated`);
