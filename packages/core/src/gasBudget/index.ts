export * from "./gaslessRevertBudget.js";
export * from "./recordGaslessRevert.js";
export * from "./claimGaslessSlot.js";
export * from "./recordGaslessSend.js";
