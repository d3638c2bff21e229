export * from "./errors.js";
export * from "./types.js";
export * from "./normalizeToken.js";
export * from "./v2/index.js";
export * from "./v3/index.js";
