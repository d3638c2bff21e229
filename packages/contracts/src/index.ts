export { executorArtifact } from "./executorArtifact.js";
export { deployExecutor, type DeployExecutorArgs } from "./deployExecutor.js";
export { compileContracts, compilerSettings, expectedSolcVersion, type Artifact } from "./compile/compileContracts.js";
export { writeArtifacts } from "./compile/writeArtifacts.js";
export { artifactsDir as contractsArtifactsDir, contractsDir as contractsSourceDir } from "./paths.js";
