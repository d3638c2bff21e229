export * from "./createRedis.js";
