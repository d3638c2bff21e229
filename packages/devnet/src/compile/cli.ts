/** `pnpm --filter @sluice/devnet compile`: recompiles the devnet's own contracts (packages/devnet/contracts) into artifacts/. */
import { writeArtifacts } from "@sluice/contracts";
import { artifactsDir, contractsDir } from "../paths.js";

const written = writeArtifacts(contractsDir, artifactsDir);
console.log(`compiled ${written.length} contract(s): ${written.join(", ")}`);
