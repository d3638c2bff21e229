/**
 * Status is what the chains say: each lie a bridge protocol could tell about a real deposit, checked against the
 * devnet's chains by the same function /bridge/status uses.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chainById, createChainClient, verifyDepositStatus, type BridgeDeposit } from "@sluice/core";
import {
  ARBITRUM, BASE, call, createPartner, newWallet, quoteBody, sendQuoteTransactions, waitForStatus,
} from "@sluice/testkit";

const clientFor = (chainId: number) => {
  const chain = chainById(chainId)!;
  return createChainClient({ chain: chain.name, deployment: { rpcUrl: inject("stack").manifest.chains[chain.name].rpcUrl, executor: null, relayers: [] } });
};

let filled: BridgeDeposit;
beforeAll(async () => {
  const partner = await createPartner();
  const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 20_000_000n });
  const quoted = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { amount: "5000000" }) });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  const depositTx = await sendQuoteTransactions(user, quoted.body.quote);
  filled = { ...(await waitForStatus(partner.key, depositTx, "filled")), originChainId: BASE };
}, 120_000);

async function verdict(hint: Partial<BridgeDeposit>) {
  const logged: string[] = [];
  const result = await verifyDepositStatus({ hint: { ...filled, ...hint }, originChainId: BASE, clientFor, log: (m) => logged.push(m) });
  return { result, logged };
}

describe("bridge status against the chains", () => {
  it("an honest fill is filled, with its fill transaction", async () => {
    const { result, logged } = await verdict({});
    expect(result).toMatchObject({ status: "filled", fillTx: filled.fillTx, destinationChainId: ARBITRUM });
    expect(logged).toEqual([]);
  });

  it("'filled' naming a transaction that is not this deposit's fill is pending, and logged", async () => {
    const { result, logged } = await verdict({ fillTx: filled.depositTxHash });
    expect(result).toMatchObject({ status: "pending", fillTx: null });
    expect(logged.join()).toMatch(/shows no fill/);
  });

  it("'expired' before the fill deadline has passed on the destination is not expired", async () => {
    const { result, logged } = await verdict({ status: "expired", fillTx: null });
    expect(result.status).toBe("pending");
    expect(logged.join()).toMatch(/has not passed/);
  });

  it("'refunded' with a transaction that refunded nothing is not refunded", async () => {
    const { result } = await verdict({ status: "refunded", refundTx: filled.fillTx });
    expect(result).toMatchObject({ status: "pending", refundTx: null });
  });

  it("another destination in the hint does not change the deposit's own", async () => {
    const { result } = await verdict({ destinationChainId: 137 });
    expect(result.destinationChainId).toBe(ARBITRUM);
  });

  it("a deposit the origin chain does not show is not found", async () => {
    await expect(verdict({ depositTxHash: `0x${"ab".repeat(32)}` })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(verdict({ depositId: "999999999" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
