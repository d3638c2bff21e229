export * from "./readWorkerConfigs.js";
export * from "./checkWorkerConfigs.js";
export * from "./buildWorkerBundles.js";
export * from "./deployCheck.js";
