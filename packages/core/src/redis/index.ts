export * from "./createRedis.js";
export * from "./redisKeys.js";
export * from "./workerRedis.js";
