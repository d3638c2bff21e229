export * from "./math/index.js";
export * from "./swap.js";
export * from "./tickList.js";
export * from "./v3Pool.js";
