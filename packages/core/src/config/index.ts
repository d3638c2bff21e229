export * from "./sluiceConfigSchema.js";
export * from "./readWorkerConfig.js";
