export * from "./gaslessRevertBudget.js";
export * from "./recordGaslessRevert.js";
export * from "./claimGaslessSlot.js";
export * from "./recordGaslessSend.js";
export * from "./accountGaslessWindow.js";
export * from "./markGaslessOwnerProven.js";
