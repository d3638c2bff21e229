export * from "./runSoak.js";
export * from "./soakTypes.js";
