export * from "./referenceUsdPrices.js";
export * from "./poolLiquidityUsd.js";
export * from "./isRoutableToken.js";
export * from "./routablePools.js";
export * from "./routableGraph.js";
