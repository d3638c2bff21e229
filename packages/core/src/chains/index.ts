export * from "./chains.js";
export * from "./chainConfig.js";
