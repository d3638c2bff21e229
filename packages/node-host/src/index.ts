export * from "./startNodeHost.js";
export * from "./nodeHostSettings.js";
