export * from "./gaslessRevertBudget.js";
export * from "./readGaslessReverts.js";
export * from "./recordGaslessRevert.js";
export * from "./claimGaslessSlot.js";
