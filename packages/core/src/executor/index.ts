export * from "./executorAbi.js";
export * from "./executorRoute.js";
export * from "./encodeExecutorRoute.js";
export * from "./encodeExecutorSwap.js";
export * from "./permit2ErrorsAbi.js";
export * from "./encodeExecutorWitnessSwap.js";
