export * from "./executorAbi.js";
export * from "./executorRoute.js";
export * from "./encodeExecutorRoute.js";
export * from "./encodeExecutorSwap.js";
