export * from "./createRedis.js";
export * from "./redisKeys.js";
