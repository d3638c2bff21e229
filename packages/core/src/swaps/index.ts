export * from "./rememberEncodedSwap.js";
export * from "./findEncodedSwap.js";
export * from "./confirmEncodedSwap.js";
export * from "./confirmUserSwap.js";
