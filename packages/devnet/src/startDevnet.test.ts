import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainSeparator, erc20Abi, getAddress, keccak256, parseAbiItem, type Address } from "viem";
import { chainConfigSchema, chainNames, chains, PERMIT2_ADDRESS } from "@sluice/core";
import { startDevnet, type Devnet } from "./startDevnet.js";
import { parseScenario } from "./scenario/parseScenario.js";
import { resolveScenario } from "./scenario/resolveScenario.js";
import type { ResolvedV3Pool } from "./scenario/resolvedTypes.js";
import { contractBuilds } from "./contracts/artifacts.js";
import { wellKnownAccounts } from "./anvil/devAccounts.js";
import { chainClient, readPoolStates } from "./testSupport/chainReader.js";
import { sampleWallet, testScenario } from "./testSupport/testScenario.js";
import { sqrtRatioAtTick } from "./uniswap/tickMath.js";

const permit2Abi = [parseAbiItem("function DOMAIN_SEPARATOR() view returns (bytes32)")];
const swapEvents = [
  parseAbiItem("event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)"),
  parseAbiItem("event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)"),
];

let devnet: Devnet;
const resolved = resolveScenario(parseScenario(testScenario));

beforeAll(async () => {
  devnet = await startDevnet({ scenario: testScenario, basePort: 0 });
});
afterAll(async () => {
  await devnet?.stop();
});

describe("startDevnet with a small scenario", () => {
  it("runs the four chains with their chain ids on 127.0.0.1", async () => {
    for (const name of chainNames) {
      const chain = devnet.manifest.chains[name];
      expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await chainClient(chain).getChainId()).toBe(chains[name].id);
    }
  });

  it("installs Permit2, whose domain separator is the one clients sign for", async () => {
    for (const name of chainNames) {
      const chain = devnet.manifest.chains[name];
      const onChain = await chainClient(chain).readContract({ address: PERMIT2_ADDRESS, abi: permit2Abi, functionName: "DOMAIN_SEPARATOR" });
      expect(onChain).toBe(domainSeparator({ domain: { name: "Permit2", chainId: chain.chainId, verifyingContract: PERMIT2_ADDRESS } }));
    }
  });

  it("puts curated tokens at their real addresses with their real symbols and decimals", async () => {
    for (const name of chainNames) {
      const chain = devnet.manifest.chains[name];
      const client = chainClient(chain);
      for (const token of chain.tokens.filter((t) => t.curated)) {
        const known = chains[name].curatedTokens.find((t) => t.symbol === token.symbol)!;
        expect(token.address).toBe(known.address);
        expect(await client.readContract({ address: known.address, abi: erc20Abi, functionName: "symbol" })).toBe(known.symbol);
        expect(await client.readContract({ address: known.address, abi: erc20Abi, functionName: "decimals" })).toBe(known.decimals);
        expect(await client.readContract({ address: known.address, abi: erc20Abi, functionName: "name" })).toBe(known.name);
      }
    }
  });

  it("leaves the deployer as every DevnetToken's minter", async () => {
    const base = devnet.manifest.chains.base;
    const { devnetToken } = contractBuilds();
    for (const token of base.tokens.filter((t) => t.address !== base.weth)) {
      const minter = await chainClient(base).readContract({ address: token.address, abi: devnetToken.abi, functionName: "minter" });
      expect(minter, token.symbol).toBe(wellKnownAccounts().deployer.address);
    }
  });

  it("installs a working WETH9 as the wrapped native token, named WPOL on polygon", async () => {
    const polygon = devnet.manifest.chains.polygon;
    const client = chainClient(polygon);
    expect(await client.readContract({ address: polygon.weth, abi: erc20Abi, functionName: "symbol" })).toBe("WPOL");
    expect(await client.readContract({ address: polygon.weth, abi: erc20Abi, functionName: "name" })).toBe("Wrapped Polygon Ecosystem Token");
    const ethereum = devnet.manifest.chains.ethereum; // not in the scenario: still installed
    expect(await chainClient(ethereum).readContract({ address: ethereum.weth, abi: erc20Abi, functionName: "symbol" })).toBe("WETH");
    const deployed = await chainClient(ethereum).getCode({ address: ethereum.weth });
    expect(deployed).toBe(contractBuilds().weth9.deployedBytecode);
  });

  it("leaves V2 reserves exactly as the scenario says", async () => {
    for (const name of ["base", "polygon"] as const) {
      const states = await readPoolStates(devnet.manifest.chains[name]);
      resolved.chains[name].pools.forEach((pool, i) => {
        if (pool.protocol !== "uniswap-v2") return;
        expect(states[i]).toMatchObject({ reserve0: pool.reserve0, reserve1: pool.reserve1 });
      });
    }
  });

  it("leaves V3 pools at the scenario price with the minted positions' liquidity", async () => {
    const chain = devnet.manifest.chains.base;
    const states = await readPoolStates(chain);
    const { uniswapV3Pool } = contractBuilds();
    const client = chainClient(chain);
    for (const [i, pool] of resolved.chains.base.pools.entries()) {
      if (pool.protocol !== "uniswap-v3") continue;
      const state = states[i]!;
      if (state.protocol !== "uniswap-v3") throw new Error("expected a V3 pool");
      expect(state.sqrtPriceX96).toBe(pool.sqrtPriceX96);
      expect(sqrtRatioAtTick(state.tick)).toBeLessThanOrEqual(pool.sqrtPriceX96);
      expect(sqrtRatioAtTick(state.tick + 1)).toBeGreaterThan(pool.sqrtPriceX96);
      expect(state.liquidity).toBe(inRangeLiquidity(pool, state.tick));
      for (const position of pool.positions) {
        expect(Math.abs(position.tickLower % pool.tickSpacing)).toBe(0);
        expect(Math.abs(position.tickUpper % pool.tickSpacing)).toBe(0);
        const key = positionKey(chain.seeder, position.tickLower, position.tickUpper);
        const [liquidity] = (await client.readContract({ address: state.address, abi: uniswapV3Pool.abi, functionName: "positions", args: [key] })) as [bigint];
        expect(liquidity).toBe(position.liquidity);
      }
    }
  });

  it("realises lastTradedDaysAgo: each token's latest Swap is that many days old", async () => {
    for (const name of ["base", "polygon"] as const) {
      const chain = devnet.manifest.chains[name];
      const client = chainClient(chain);
      const latest = await client.getBlock();
      const logs = await client.getLogs({ address: chain.pools.map((p) => p.address), events: swapEvents, fromBlock: 0n });
      const blockTimes = new Map<bigint, bigint>();
      for (const log of logs) if (!blockTimes.has(log.blockNumber)) blockTimes.set(log.blockNumber, (await client.getBlock({ blockNumber: log.blockNumber })).timestamp);
      for (const token of chain.tokens) {
        const pools = new Set(chain.pools.filter((p) => p.tokens.includes(token.address)).map((p) => p.address.toLowerCase()));
        if (pools.size === 0) continue;
        const times = logs.filter((l) => pools.has(l.address.toLowerCase())).map((l) => blockTimes.get(l.blockNumber)!);
        const lastTrade = times.reduce((a, b) => (a > b ? a : b));
        expect(Number((latest.timestamp - lastTrade) / 86_400n), `${name} ${token.symbol}`).toBe(token.lastTradedDaysAgo);
      }
    }
  });

  it("funds the scenario's wallets and every development account", async () => {
    const base = devnet.manifest.chains.base;
    const client = chainClient(base);
    const usdc = base.tokens.find((t) => t.symbol === "USDC" && t.curated)!.address;
    expect(await client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [sampleWallet] })).toBe(
      25_000n * 10n ** 6n + 1_000_000n * 10n ** 6n, // the sample wallet is also development account 1
    );
    expect(await client.getBalance({ address: sampleWallet })).toBe(10n * 10n ** 18n);
    for (const account of wellKnownAccounts().all) {
      for (const token of base.tokens) {
        const balance = await client.readContract({ address: token.address, abi: erc20Abi, functionName: "balanceOf", args: [account.address] });
        expect(balance, `${token.symbol} of ${account.address}`).toBeGreaterThan(0n);
      }
    }
  });

  it("writes a manifest whose chain section is valid Sluice chain configuration", () => {
    const config = chainConfigSchema.parse(devnet.manifest.chains);
    for (const name of chainNames) {
      expect(config[name]!.relayers).toEqual(wellKnownAccounts().relayers.map((r) => r.address));
      expect(config[name]!.uniswapV2Factory).toBe(devnet.manifest.chains[name].uniswapV2Factory);
    }
    expect(devnet.manifest.chains.base.tokens.find((t) => t.symbol === "SCAM")!.quality).toBe(20);
    expect(devnet.manifest.chains.base.tokens.filter((t) => t.symbol === "USDC")).toHaveLength(2);
    expect(Date.parse(devnet.manifest.devnetTime)).toBeLessThanOrEqual(Date.now());
  });

  it("deploys the executor with the relayers when its deploy module exists", async () => {
    for (const name of chainNames) {
      const executor = devnet.manifest.chains[name].executor;
      if (executor === null) continue;
      const code = await chainClient(devnet.manifest.chains[name]).getCode({ address: executor });
      expect(code && code.length > 2).toBe(true);
    }
  });
});

function inRangeLiquidity(pool: ResolvedV3Pool, tick: number): bigint {
  return pool.positions.filter((p) => p.tickLower <= tick && tick < p.tickUpper).reduce((sum, p) => sum + p.liquidity, 0n);
}

/** keccak256(abi.encodePacked(owner, tickLower, tickUpper)), the pool's position key. */
function positionKey(owner: Address, tickLower: number, tickUpper: number) {
  const int24 = (tick: number) => (BigInt.asUintN(24, BigInt(tick))).toString(16).padStart(6, "0");
  return keccak256(`0x${getAddress(owner).slice(2).toLowerCase()}${int24(tickLower)}${int24(tickUpper)}`);
}
