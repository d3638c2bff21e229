export * from "./createOperationCounter.js";
export * from "./createPgStatementReader.js";
export * from "./startPgCountingProxy.js";
export * from "./startRpcCountingProxy.js";
export * from "./diffOperationCounts.js";
