import { describeAuthFailures } from "../../../../test/support/authFailureSuite.js";

describeAuthFailures({ method: "GET", path: "/api/v1/rebates", environment: "production" });
