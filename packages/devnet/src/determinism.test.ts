import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainNames } from "@sluice/core";
import { startDevnet, type Devnet } from "./startDevnet.js";
import type { DevnetManifest } from "./manifest/manifestTypes.js";
import { wellKnownAccounts } from "./anvil/devAccounts.js";
import { readPoolStates, readTokenBalances } from "./testSupport/chainReader.js";
import { sampleWallet, testScenario } from "./testSupport/testScenario.js";

let first: Devnet;
let second: Devnet;

beforeAll(async () => {
  [first, second] = await Promise.all([startDevnet({ scenario: testScenario, basePort: 0 }), startDevnet({ scenario: testScenario, basePort: 0 })]);
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

/** The manifest without what differs between runs by design: ports and clock. */
function stable(manifest: DevnetManifest) {
  return {
    ...manifest,
    startedAt: undefined,
    devnetTime: undefined,
    chains: Object.fromEntries(Object.entries(manifest.chains).map(([name, chain]) => [name, { ...chain, rpcUrl: undefined }])),
  };
}

describe("seeding is deterministic", () => {
  it("two devnets run side by side on different ports", () => {
    expect(first.manifest.chains.base.rpcUrl).not.toBe(second.manifest.chains.base.rpcUrl);
  });

  it("the same scenario gives the same addresses", () => {
    expect(stable(first.manifest)).toEqual(stable(second.manifest));
  });

  it("the same scenario gives the same pool state and balances", async () => {
    const holders = [...wellKnownAccounts().all.map((a) => a.address), sampleWallet as `0x${string}`, first.manifest.chains.base.seeder];
    for (const name of chainNames) {
      const [a, b] = [first.manifest.chains[name], second.manifest.chains[name]];
      expect(await readPoolStates(a)).toEqual(await readPoolStates(b));
      expect(await readTokenBalances(a, holders)).toEqual(await readTokenBalances(b, holders));
    }
  });
});
