export * from "./startTcpProxy.js";
export * from "./startFaultControl.js";
