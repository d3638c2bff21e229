import { describeAuthFailures } from "@sluice/testkit";

describeAuthFailures({ method: "GET", path: "/api/v1/usage", environment: "production" });
