import { describeRedisContract, startTestRedis, startTestTcpRedis } from "@sluice/testkit";

// One contract, both transports, a real Redis each: the workers' Upstash REST client (through the local REST
// bridge) and the Node host's TCP client.
describeRedisContract("Upstash REST", startTestRedis);
describeRedisContract("TCP", startTestTcpRedis);
