import { describeAuthFailures } from "@sluice/testkit";

const permit = {
  permitted: { token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000" },
  nonce: "1",
  deadline: "9999999999",
};

describeAuthFailures({
  method: "POST",
  path: "/api/v1/solve",
  environment: "production",
  body: {
    from: "USDC", to: "WETH", amount: "25", chain: "base", user: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    dryRun: true, permit, signature: `0x${"11".repeat(65)}`,
  },
});

describeAuthFailures({
  method: "POST",
  path: "/api/v1/confirm",
  environment: "production",
  body: { txHash: `0x${"ab".repeat(32)}`, chain: "base" },
});
