export { executorArtifact } from "./executorArtifact.js";
export { DETERMINISTIC_DEPLOYER, DETERMINISTIC_DEPLOYER_RUNTIME } from "./deterministic/deterministicDeployer.js";
export {
  EXECUTOR_SALT, predictExecutorAddress, type PredictExecutorAddressParameters, type PredictExecutorAddressReturnType,
} from "./deterministic/predictExecutorAddress.js";
export {
  ensureExecutor, type EnsureExecutorParameters, type EnsureExecutorReturnType, type ExecutorFactories,
} from "./deterministic/ensureExecutor.js";
export { UNISWAP_V2_PAIR_INIT_CODE_HASH, UNISWAP_V3_POOL_INIT_CODE_HASH } from "./deterministic/uniswapInitCodeHashes.js";
export { compileContracts, compilerSettings, expectedSolcVersion, type Artifact } from "./compile/compileContracts.js";
export { writeArtifacts } from "./compile/writeArtifacts.js";
export { artifactsDir as contractsArtifactsDir, contractsDir as contractsSourceDir } from "./paths.js";
