export * from "./getAmountIn.js";
export * from "./getAmountOut.js";
export * from "./v2Pool.js";
