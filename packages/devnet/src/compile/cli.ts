/** `pnpm --filter @sluice/devnet compile`: recompiles packages/devnet/contracts into packages/devnet/artifacts. */
import { writeArtifacts } from "./writeArtifacts.js";

const written = writeArtifacts();
console.log(`compiled ${written.length} contract(s): ${written.join(", ")}`);
