export * from "./solveRequest.js";
export * from "./solveContext.js";
export * from "./solveSwap.js";
export * from "./simulateSolve.js";
export * from "./recordSolveEvent.js";
export * from "./finalizeAfterReceipt.js";
export * from "./bindPermitToQuote.js";
