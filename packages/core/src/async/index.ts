export * from "./awaitShared.js";
export * from "./raceDeadline.js";
