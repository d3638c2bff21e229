export { startDevnet, defaultScenarioPath, type StartDevnetOptions, type Devnet } from "./startDevnet.js";
export type { DevnetManifest, ManifestChain, ManifestToken, ManifestPool, ManifestWallet } from "./manifest/manifestTypes.js";
export { parseScenario, readScenarioFile } from "./scenario/parseScenario.js";
export { resolveScenario } from "./scenario/resolveScenario.js";
export { ScenarioError } from "./scenario/scenarioError.js";
export type { Scenario } from "./scenario/scenarioSchema.js";
export { wellKnownAccounts, devAccounts, devMnemonic } from "./anvil/devAccounts.js";
export { startAnvil, type AnvilNode } from "./anvil/startAnvil.js";
export { generateMainnetLikeGraph, poolKey, type MainnetLikeGraph } from "./scenario/generateMainnetLikeGraph.js";
