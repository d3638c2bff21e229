/**
 * `pnpm admin doctor` on the test stack: green on its real configuration, and naming the broken piece of a
 * configuration broken in each way (another chain's RPC, an executor address with no code or with other code, a relayer the executor
 * does not allow, an unfunded relayer, an unmigrated database, a wrong Redis token, an unreachable Across API).
 */
import { describe, expect, inject, it } from "vitest";
import { runDoctor, type RunDoctorParameters } from "@sluice/admin";

const stack = () => inject("stack");
const healthy = (): RunDoctorParameters => ({
  databaseUrl: stack().databaseUrl, redisRestUrl: stack().redisRestUrl, redisRestToken: stack().redisRestToken,
  sluiceChains: stack().sluiceChains, acrossApiUrl: stack().acrossApiUrl, relayerMinBalanceWei: 10n ** 18n,
});
const chainsWith = (edit: (chains: Record<string, Record<string, unknown>>) => void) => {
  const chains = JSON.parse(stack().sluiceChains) as Record<string, Record<string, unknown>>;
  edit(chains);
  return JSON.stringify(chains);
};
const failures = async (p: RunDoctorParameters) => (await runDoctor(p)).filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);

describe("pnpm admin doctor", () => {
  it("passes every check on the stack's own configuration", async () => {
    const checks = await runDoctor(healthy());
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.map((c) => c.name)).toEqual(expect.arrayContaining(["postgres", "redis", "base rpc", "base contracts", "base executor", "across"]));
  });

  it("names each broken piece", async () => {
    const stranger = "0x000000000000000000000000000000000000dEaD";
    expect(await failures({ ...healthy(), sluiceChains: chainsWith((c) => { c.base!.rpcUrl = c.arbitrum!.rpcUrl; }) }))
      .toEqual([expect.stringMatching(/^base rpc: the RPC serves chain id 42161, not 8453$/)]);
    expect(await failures({ ...healthy(), sluiceChains: chainsWith((c) => { c.base!.executor = stranger; c.base!.relayers = []; }) }))
      .toEqual([expect.stringMatching(/^base executor: the executor 0x.*dEaD has no code$/)]);
    // Code that is not the committed executor (here Permit2's) at the configured executor address.
    expect(await failures({ ...healthy(), sluiceChains: chainsWith((c) => { c.base!.executor = "0x000000000022D473030F116dDEE9F6B43aC78BA3"; c.base!.relayers = []; }) }))
      .toEqual([expect.stringMatching(/^base executor: the code at the executor address is not the committed SluiceExecutor artifact/)]);
    expect(await failures({ ...healthy(), sluiceChains: chainsWith((c) => { (c.base!.relayers as string[]).push(stranger); }) }))
      .toEqual([expect.stringMatching(/^base relayer 0x.*dEaD: not allowed on the executor/)]);
    expect((await failures({ ...healthy(), relayerMinBalanceWei: 10n ** 30n })).every((f) => /relayer .* balance .* is below/.test(f))).toBe(true);
    expect(await failures({ ...healthy(), databaseUrl: stack().databaseUrl.replace(/\/[^/]+$/, "/postgres") }))
      .toEqual([expect.stringMatching(/^postgres: /)]);
    expect(await failures({ ...healthy(), redisRestToken: "wrong" })).toEqual([expect.stringMatching(/^redis: /)]);
    // A Node host deployment names Redis over TCP instead: checked over TCP, the REST settings aside.
    expect(await failures({ ...healthy(), redisRestToken: "wrong", redisUrl: stack().redisUrl })).toEqual([]);
    expect(await failures({ ...healthy(), redisUrl: "redis://127.0.0.1:9" })).toEqual([expect.stringMatching(/^redis: /)]);
    expect(await failures({ ...healthy(), acrossApiUrl: "http://127.0.0.1:9" })).toEqual([expect.stringMatching(/^across: /)]);
  });
});
