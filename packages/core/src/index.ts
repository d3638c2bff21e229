export * from "./chains/index.js";
export * from "./errors/index.js";
export * from "./ids/index.js";
export * from "./db/index.js";
export * from "./redis/index.js";
export * from "./auth/index.js";
export * from "./http/index.js";
export * from "./accounts/index.js";
