import { describeCommittedArtifacts } from "@sluice/testkit";
import { artifactsDir, contractsDir } from "../paths.js";

describeCommittedArtifacts(contractsDir, artifactsDir);
