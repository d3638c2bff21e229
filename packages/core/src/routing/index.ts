export * from "./allocateSplits.js";
export * from "./errors.js";
export * from "./findBestRoute.js";
export * from "./findCandidatePaths.js";
export * from "./poolGraph.js";
export * from "./quotePath.js";
export * from "./quoteRoute.js";
export * from "./types.js";
