import { describeAuthFailures } from "@sluice/testkit";

// Production keys only (a sandbox key is one of the refused cases): the sandbox's endpoints are managed on the sandbox.
describeAuthFailures({ method: "GET", path: "/api/v1/webhooks", environment: "production" });
