/**
 * The reconcile cron cannot be starved — against a real PostgreSQL and a real anvil node: a batch's worth of old rows
 * that never resolve (deposits Across does not know; deposits Across reports but the origin chain does not show) do
 * not keep a newer, resolvable deposit from ever being reconciled, and each of them backs off instead of being asked
 * again every run (an expired deposit awaiting its refund too). What it records is the chains': a row whose deposit id
 * a reorganisation changed is resolved by the deposit's terms; a fill counts only once the origin deposit is at the
 * origin's confirmation depth; a fill too deep for one log query is still found. Only the upstream Across API is
 * stood in for.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  concatHex, createPublicClient, createWalletClient, encodeAbiParameters, encodeEventTopics, http, multicall3Abi, pad, zeroHash, type AbiParameter, type Hash, type Hex, type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { inArray, ne, sql } from "drizzle-orm";
import { devAccounts, startAnvil, startSilentServer, startTestDatabase, type AnvilNode, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { chainById, MULTICALL3_ADDRESS } from "../chains/chains.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import { newId } from "../ids/newId.js";
import { SluiceError } from "../errors/SluiceError.js";
import { createAcrossClient, type AcrossClient } from "./across/createAcrossClient.js";
import type { AcrossDepositStatus } from "./across/acrossSchemas.js";
import { reconcileBridgeSettlements } from "./reconcileBridgeSettlements.js";
import { fundsDepositedAbi } from "./verifyBridgeDeposit.js";
import { bridgeDepositFingerprint } from "./bridgeDepositFingerprint.js";
import { filledRelayAbi } from "./provesFill.js";

const BASE = 8453;
const ARBITRUM = 42161;
const spokePool = chainById(BASE)!.spokePool;
const usdcOf = (chainId: number) => chainById(chainId)!.curatedTokens.find((t) => t.symbol === "USDC")!.address;
const USDC_BASE = usdcOf(BASE);
const USDC_ARBITRUM = usdcOf(ARBITRUM);
/**
 * Stands in for the SpokePool on the bare node: emits one LOG4 whose four topics are the first 128 bytes of the
 * calldata and whose data is the rest (CALLDATACOPY everything, MLOAD the topics, LOG4), so a test can mine a real
 * transaction whose receipt holds exactly the `FundsDeposited` event it needs.
 */
const LOG_EMITTER = "0x365f5f37606051604051602051" + "5f51" + "60803603" + "6080" + "a400";
/** The destination SpokePool's `fillStatuses(…)` on the bare node: 0 (Unfilled) for every relay (PUSH 32, PUSH 0, RETURN). */
const UNFILLED = "0x60205ff3";
/** …and 2 (Filled) for every relay (PUSH 2, PUSH 0, MSTORE, PUSH 32, PUSH 0, RETURN). */
const FILLED = "0x60025f5260205ff3";

/** Multicall3 at its canonical address (the destination's fill state is read through it), from the code viem ships. */
async function installMulticall3(client: PublicClient) {
  const require = createRequire(import.meta.url);
  const viemDir = join(dirname(require.resolve("viem")), "..");
  const { multicall3Bytecode } = require(join(viemDir, "_cjs/constants/contracts.js")) as { multicall3Bytecode: Hex };
  const { data: runtime } = await client.call({ data: multicall3Bytecode });
  await client.request({ method: "anvil_setCode" as never, params: [MULTICALL3_ADDRESS, runtime] as never });
}

let database: TestDatabase;
let anvil: AnvilNode;
let client: PublicClient;
let accountId: string;

beforeAll(async () => {
  [database, anvil] = await Promise.all([
    startTestDatabase("sluice_reconcile"),
    startAnvil({ chainId: BASE, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) }),
  ]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  await client.request({ method: "anvil_setCode" as never, params: [spokePool, LOG_EMITTER] as never });
  // The bare node also plays the destination chain (its SpokePool, its clock).
  await client.request({ method: "anvil_setCode" as never, params: [chainById(ARBITRUM)!.spokePool, UNFILLED] as never });
  await installMulticall3(client);
  accountId = (await createAccount(database.db, { slug: "reconcile", name: "reconcile" })).id;
});
afterAll(async () => {
  await Promise.all([database?.drop(), anvil?.stop()]);
});

const randomHash = (): Hash => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}`;
const word = (address: Hex) => pad(address, { size: 32 });

/** Mines a transaction to `to` (an emitter) whose receipt holds one log: the event's topics, then its data. */
async function mineLog(to: Hex, topics: Hex[], data: Hex): Promise<Hash> {
  const chain = { id: BASE, name: "base", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } } as const;
  const wallet = createWalletClient({ account: privateKeyToAccount(devAccounts()[2]!.privateKey), transport: http(anvil.rpcUrl) });
  const hash = await wallet.sendTransaction({ chain, to, data: concatHex([...topics, data]), gas: 200_000n });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
  return hash;
}

const nonIndexed = (inputs: readonly AbiParameter[]): AbiParameter[] => inputs.filter((input) => !("indexed" in input && input.indexed));

/** The SpokePool's `FundsDeposited` of deposit `depositId` (1 USDC to Arbitrum, 0.99 out, to the depositor), as the emitter's calldata. */
function depositLog(depositId: bigint, depositor: Hex, fillDeadline: number, quoteTimestamp = Math.floor(Date.now() / 1000) - 7200) {
  const topics = encodeEventTopics({ abi: fundsDepositedAbi, eventName: "FundsDeposited", args: { destinationChainId: BigInt(ARBITRUM), depositId, depositor: word(depositor) } });
  const data = encodeAbiParameters(
    nonIndexed(fundsDepositedAbi[0].inputs),
    [word(USDC_BASE), word(USDC_ARBITRUM), 1_000_000n, 990_000n,
      quoteTimestamp, fillDeadline, 0, word(depositor), word("0x0000000000000000000000000000000000000000"), "0x"],
  );
  return { topics: topics as Hex[], data };
}

/** Mines a transaction whose receipt shows the SpokePool's deposit `depositId` (1 USDC to Arbitrum, 0.99 out). */
async function mineDeposit(depositId: bigint, depositor: Hex, fillDeadline: number): Promise<Hash> {
  const { topics, data } = depositLog(depositId, depositor, fillDeadline);
  return mineLog(spokePool, topics, data);
}

/** Mines a transaction whose receipt shows the SpokePool's deposit `depositId`, its fill deadline already passed. */
const mineExpiredDeposit = (depositId: bigint, depositor: Hex) => mineDeposit(depositId, depositor, Math.floor(Date.now() / 1000) - 3600);

/** The fill deadline of the deposits `mineDeposit` makes to be filled: hours ahead of every clock here. */
const OPEN_DEADLINE = () => Math.floor(Date.now() / 1000) + 6 * 3600;

/**
 * Fills, on the destination, the deposit `mineDeposit(depositId, depositor, fillDeadline)` made: a `FilledRelay` of its
 * every term emitted from the destination SpokePool's address, which from then on answers Filled for every relay.
 * `updatedRecipient`: paid to another recipient, as a fill with the depositor's signed update (a speed-up) is.
 */
async function mineFill(depositId: bigint, depositor: Hex, fillDeadline: number, updatedRecipient: Hex = depositor): Promise<Hash> {
  const arbitrumPool = chainById(ARBITRUM)!.spokePool;
  await client.request({ method: "anvil_setCode" as never, params: [arbitrumPool, LOG_EMITTER] as never });
  const topics = encodeEventTopics({ abi: filledRelayAbi, eventName: "FilledRelay", args: { originChainId: BigInt(BASE), depositId, relayer: word(depositor) } });
  const data = encodeAbiParameters(
    nonIndexed(filledRelayAbi[0].inputs),
    [word(USDC_BASE), word(USDC_ARBITRUM), 1_000_000n, 990_000n, BigInt(ARBITRUM),
      fillDeadline, 0, word("0x0000000000000000000000000000000000000000"), word(depositor), word(depositor), zeroHash,
      { updatedRecipient: word(updatedRecipient), updatedMessageHash: zeroHash, updatedOutputAmount: 990_000n, fillType: 0 }],
  );
  const hash = await mineLog(arbitrumPool, topics as Hex[], data);
  await client.request({ method: "anvil_setCode" as never, params: [arbitrumPool, FILLED] as never });
  return hash;
}

/** Thousands of blocks take anvil seconds on a loaded machine: a client of its own, past the default 10 s limit. */
const mine = (blocks: number) => createPublicClient({ transport: http(anvil.rpcUrl, { timeout: 120_000, retryCount: 0 }) })
  .request({ method: "anvil_mine" as never, params: [`0x${blocks.toString(16)}`] as never });

async function insertOpen(originTxHash: Hash, { ageMs, depositId = null, fingerprint = null }: { ageMs: number; depositId?: string | null; fingerprint?: Hex | null }) {
  const at = new Date(Date.now() - ageMs);
  const id = newId("brg");
  await database.db.insert(bridgeSettlements).values({
    id, accountId, originChainId: BASE, destinationChainId: ARBITRUM,
    depositor: "0x1111111111111111111111111111111111111111", recipient: "0x1111111111111111111111111111111111111111",
    inputToken: USDC_BASE.toLowerCase(), outputToken: USDC_ARBITRUM.toLowerCase(),
    amountInRaw: "1000000", expectedOutRaw: "990000", originTxHash, depositId, depositFingerprint: fingerprint, createdAt: at, updatedAt: at, nextCheckAt: at,
  });
  return id;
}

const rowOf = (id: string) => database.db.query.bridgeSettlements.findFirst({ where: (t, { eq }) => eq(t.id, id) });

describe("reconcileBridgeSettlements", () => {
  it("a full batch of old rows that never resolve does not starve a newer deposit; each of them backs off", async () => {
    const depositor = "0x1111111111111111111111111111111111111111";
    const resolvable = await mineExpiredDeposit(7n, depositor);
    const asked = new Map<string, number>();
    const reported = new Map<string, AcrossDepositStatus>([[resolvable, { status: "expired", depositId: "7", depositTxnRef: resolvable, originChainId: BASE, destinationChainId: ARBITRUM }]]);
    // Half of the old rows Across does not know (404); the other half it reports, but the origin chain shows no such
    // deposit (a reorged or invented transaction): neither can ever resolve.
    const stuck: string[] = [];
    for (let i = 0; i < 100; i++) {
      const hash = randomHash();
      if (i % 2) reported.set(hash, { status: "pending", depositId: String(1000 + i), depositTxnRef: hash, originChainId: BASE, destinationChainId: ARBITRUM });
      stuck.push(await insertOpen(hash, { ageMs: 2 * 86_400_000 + i * 1000 }));
    }
    const newer = await insertOpen(resolvable, { ageMs: 3_600_000, depositId: "7" });
    const across: AcrossClient = {
      swapApproval: () => { throw new Error("not used by the cron"); },
      depositStatus: async (query) => {
        const ref = "depositTxnRef" in query ? query.depositTxnRef : "";
        asked.set(ref, (asked.get(ref) ?? 0) + 1);
        return reported.get(ref) ?? null;
      },
    };
    const reconcile = () => reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client });

    for (let run = 0; run < 3; run++) await reconcile();
    // Expired in the first run; still expired (no refund yet) in the second, so it backs off like a row that found nothing.
    expect(await rowOf(newer)).toMatchObject({ status: "expired", depositId: "7", checkFailures: 1 });

    // Each stuck row was asked about once in three runs (a failure waits a minute), and carries its failure.
    const stuckRows = await database.db.query.bridgeSettlements.findMany({ where: (t, { inArray }) => inArray(t.id, stuck) });
    expect(stuckRows.map((r) => r.checkFailures)).toEqual(stuck.map(() => 1));
    expect(stuckRows.every((r) => asked.get(r.originTxHash) === 1)).toBe(true);
    expect(stuckRows.every((r) => r.status === "pending" && r.nextCheckAt.getTime() > Date.now() + 30_000)).toBe(true);

    // Once due again, a second failure waits twice as long.
    await database.db.update(bridgeSettlements).set({ nextCheckAt: new Date(Date.now() - 1000) });
    // 101 due rows: a batch of 100, then the one left; then none: neither the failed ones nor the expired deposit (its
    // refund is hours away) until their back-off is over.
    expect(await reconcile()).toMatchObject({ checked: 100 });
    expect(await reconcile()).toMatchObject({ checked: 1 });
    expect(await reconcile()).toMatchObject({ checked: 0, failed: 0 });
    expect(await rowOf(newer)).toMatchObject({ status: "expired", checkFailures: 2 });
    const backedOff = await database.db.query.bridgeSettlements.findMany({ where: (t, { inArray }) => inArray(t.id, stuck) });
    expect(backedOff.every((r) => r.checkFailures === 2 && r.nextCheckAt.getTime() > Date.now() + 90_000)).toBe(true);
  });

  it("records nothing the chains' confirmation depth does not cover yet, whatever Across reports", async () => {
    await database.db.update(bridgeSettlements).set({ status: "refunded" }); // the first test's rows are done with
    const depositor = "0x1111111111111111111111111111111111111111";
    const hash = await mineExpiredDeposit(8n, depositor);
    const id = await insertOpen(hash, { ageMs: 60_000, depositId: "8" });
    const across: AcrossClient = {
      swapApproval: () => { throw new Error("not used by the cron"); },
      depositStatus: async () => ({ status: "expired", depositId: "8", depositTxnRef: hash, originChainId: BASE, destinationChainId: ARBITRUM }),
    };
    await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client, confirmationsFor: () => 1_000_000 });
    expect(await rowOf(id)).toMatchObject({ status: "pending" });
    await database.db.update(bridgeSettlements).set({ nextCheckAt: new Date(Date.now() - 1000) });
    await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client, confirmationsFor: () => 1 });
    expect(await rowOf(id)).toMatchObject({ status: "expired" });
  });

  const acrossAnswering = (answer: () => AcrossDepositStatus): AcrossClient => ({
    swapApproval: () => { throw new Error("not used by the cron"); },
    depositStatus: async () => answer(),
  });
  const closeEveryRow = () => database.db.update(bridgeSettlements).set({ status: "refunded" });
  const makeDue = () => database.db.update(bridgeSettlements).set({ nextCheckAt: new Date(Date.now() - 1000) });
  const depositor = "0x1111111111111111111111111111111111111111";

  it("a row whose stored deposit id the transaction no longer holds (re-included after a reorg) is resolved, its id updated", async () => {
    await closeEveryRow();
    // Tracked as deposit 20; a reorganisation put another deposit first, and the same transaction now holds deposit 21.
    const hash = await mineExpiredDeposit(21n, depositor);
    const id = await insertOpen(hash, { ageMs: 60_000, depositId: "20" });
    const across = acrossAnswering(() => ({ status: "expired", depositId: "20", depositTxnRef: hash, originChainId: BASE, destinationChainId: ARBITRUM }));
    expect(await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client })).toMatchObject({ checked: 1, updated: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: "expired", depositId: "21", checkFailures: 0 });
  });

  it("two deposits of equal terms in one transaction (two quotes) are told apart by their fingerprints, whatever ids a reorganisation gave them", async () => {
    await closeEveryRow();
    const now = Math.floor(Date.now() / 1000);
    const deadline = now - 3600;
    const quoted = [now - 7200, now - 7100] as const;
    // One transaction (a batch through Multicall3) holding deposits 51 and 52: the same parties, tokens and amounts.
    const wallet = createWalletClient({ account: privateKeyToAccount(devAccounts()[2]!.privateKey), transport: http(anvil.rpcUrl) });
    const calls = [depositLog(51n, depositor, deadline, quoted[0]), depositLog(52n, depositor, deadline, quoted[1])]
      .map(({ topics, data }) => ({ target: spokePool, allowFailure: false, callData: concatHex([...topics, data]) }));
    const hash = await wallet.writeContract({
      chain: null, address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: "aggregate3", args: [calls], gas: 1_000_000n,
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
    const fingerprint = (quoteTimestamp: number) => bridgeDepositFingerprint({
      originChainId: BASE, destinationChainId: ARBITRUM, depositor, recipient: depositor, inputToken: USDC_BASE, outputToken: USDC_ARBITRUM,
      inputAmount: 1_000_000n, outputAmount: 990_000n, quoteTimestamp, fillDeadline: deadline, message: "0x",
    });
    // Tracked as 52 and 51: a reorganisation re-included the transaction with their ids swapped.
    const first = await insertOpen(hash, { ageMs: 60_000, depositId: "52", fingerprint: fingerprint(quoted[0]) });
    const second = await insertOpen(hash, { ageMs: 60_000, depositId: "51", fingerprint: fingerprint(quoted[1]) });
    const across = acrossAnswering(() => ({ status: "expired", depositId: "51", depositTxnRef: hash, originChainId: BASE, destinationChainId: ARBITRUM }));
    expect(await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client })).toMatchObject({ checked: 2, updated: 2, failed: 0 });
    expect(await rowOf(first)).toMatchObject({ status: "expired", depositId: "51" });
    expect(await rowOf(second)).toMatchObject({ status: "expired", depositId: "52" });
  });

  it("a fill is not recorded while the origin deposit is shallower than the origin's confirmation depth", async () => {
    await closeEveryRow();
    const deadline = OPEN_DEADLINE();
    const hash = await mineDeposit(30n, depositor, deadline);
    const id = await insertOpen(hash, { ageMs: 60_000, depositId: "30" });
    try {
      const fillTx = await mineFill(30n, depositor, deadline);
      const across = acrossAnswering(() => ({ status: "filled", depositId: "30", depositTxnRef: hash, originChainId: BASE, destinationChainId: ARBITRUM, fillTx }));
      // The origin needs 5 blocks on its deposit; it has 2 (its own and the fill's).
      const confirmationsFor = (chainId: number) => (chainId === BASE ? 5 : 1);
      await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client, confirmationsFor });
      expect(await rowOf(id)).toMatchObject({ status: "pending", fillTxHash: null, volumeUsd: null });
      await mine(3);
      await makeDue();
      await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client, confirmationsFor });
      expect(await rowOf(id)).toMatchObject({ status: "filled", fillTxHash: fillTx });
      expect(Number((await rowOf(id))!.volumeUsd)).toBe(1);
    } finally {
      await client.request({ method: "anvil_setCode" as never, params: [chainById(ARBITRUM)!.spokePool, UNFILLED] as never });
    }
  });

  it("a fill more than 2,000 blocks deep that Across does not name is found on the destination, and its volume recorded", async () => {
    await closeEveryRow();
    const deadline = OPEN_DEADLINE();
    const hash = await mineDeposit(40n, depositor, deadline);
    const id = await insertOpen(hash, { ageMs: 60_000, depositId: "40" });
    try {
      const fillTx = await mineFill(40n, depositor, deadline);
      await mine(2_500);
      const across = acrossAnswering(() => ({ status: "pending", depositId: "40", depositTxnRef: hash, originChainId: BASE, destinationChainId: ARBITRUM, fillTx: null }));
      await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client });
      expect(await rowOf(id)).toMatchObject({ status: "filled", fillTxHash: fillTx });
      expect(Number((await rowOf(id))!.volumeUsd)).toBe(1);
    } finally {
      await client.request({ method: "anvil_setCode" as never, params: [chainById(ARBITRUM)!.spokePool, UNFILLED] as never });
    }
  });

  it("a fill that paid terms the depositor updated after the deposit (a signed speed-up to another recipient) is filled, with no volume", async () => {
    await closeEveryRow();
    const deadline = OPEN_DEADLINE();
    const hash = await mineDeposit(41n, depositor, deadline);
    const id = await insertOpen(hash, { ageMs: 60_000, depositId: "41" });
    try {
      const fillTx = await mineFill(41n, depositor, deadline, "0x2222222222222222222222222222222222222222");
      const across = acrossAnswering(() => ({ status: "filled", depositId: "41", depositTxnRef: hash, originChainId: BASE, destinationChainId: ARBITRUM, fillTx }));
      await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client });
      expect(await rowOf(id)).toMatchObject({ status: "filled", fillTxHash: fillTx, volumeUsd: null });
    } finally {
      await client.request({ method: "anvil_setCode" as never, params: [chainById(ARBITRUM)!.spokePool, UNFILLED] as never });
    }
  });

  it("a deposit Across does not know, or answers about unusably, is settled by what the chains show", async () => {
    await closeEveryRow();
    const deadline = OPEN_DEADLINE();
    const answers: Array<[string, AcrossClient["depositStatus"]]> = [
      ["not known (404)", async () => null],
      ["an unknown status", async () => ({ status: "teleported", depositTxnRef: "0x", originChainId: BASE, destinationChainId: ARBITRUM }) as AcrossDepositStatus],
      ["failing", async () => { throw new SluiceError("UPSTREAM_ERROR", "the bridge protocol did not answer"); }],
    ];
    const rows: string[] = [];
    const fills: Hash[] = [];
    try {
      for (const [index] of answers.entries()) {
        const depositId = 50n + BigInt(index);
        const hash = await mineDeposit(depositId, depositor, deadline);
        rows.push(await insertOpen(hash, { ageMs: 60_000, depositId: String(depositId) }));
        fills.push(await mineFill(depositId, depositor, deadline));
      }
      for (const [index, [, depositStatus]] of answers.entries()) {
        await makeDue();
        const across: AcrossClient = { swapApproval: () => { throw new Error("not used by the cron"); }, depositStatus };
        // One row per run (each answer its own): the others were closed above or are not due.
        await database.db.update(bridgeSettlements).set({ nextCheckAt: new Date(Date.now() + 3_600_000) }).where(ne(bridgeSettlements.id, rows[index]!));
        expect(await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client })).toMatchObject({ checked: 1, updated: 1, failed: 0 });
        expect(await rowOf(rows[index]!)).toMatchObject({ status: "filled", fillTxHash: fills[index] });
      }
    } finally {
      await client.request({ method: "anvil_setCode" as never, params: [chainById(ARBITRUM)!.spokePool, UNFILLED] as never });
    }
  });

  it("an expired deposit is not moved back to pending by a node that does not yet show the deadline passed", async () => {
    await closeEveryRow();
    const hash = await mineExpiredDeposit(60n, depositor);
    const id = await insertOpen(hash, { ageMs: 60_000, depositId: "60" });
    const across = acrossAnswering(() => ({ status: "expired", depositId: "60", depositTxnRef: hash, originChainId: BASE, destinationChainId: ARBITRUM }));
    await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client });
    expect(await rowOf(id)).toMatchObject({ status: "expired" });
    // A destination node lagging far behind: no block at the confirmation depth shows the deadline passed yet.
    await makeDue();
    const lagging = (chainId: number) => (chainId === ARBITRUM ? 1_000_000 : 1);
    await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client, confirmationsFor: lagging });
    expect(await rowOf(id)).toMatchObject({ status: "expired" });
  });

  it("two runs at once while Across does not answer (each row takes the client's whole time limit) check disjoint rows", async () => {
    await closeEveryRow();
    const silent = await startSilentServer();
    try {
      // Four due rows Across is asked about, through Sluice's own client, and never answers; the origin shows none of
      // them, so each is backed off once checked.
      const rows: string[] = [];
      for (let i = 0; i < 4; i++) rows.push(await insertOpen(randomHash(), { ageMs: 120_000 + i * 1000 }));
      const across = createAcrossClient({
        baseUrl: silent.url, integratorId: "0x5c1e", feeRecipient: depositor, timeoutMs: 400, retries: 1,
      });
      const reconcile = () => reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client });
      // The next minute's run starts while the first is still on its first row (its claim made, Across asked).
      const first = reconcile();
      const until = Date.now() + 10_000;
      while (silent.connections === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      const second = reconcile();
      const results = await Promise.all([first, second]);
      expect(results.map((r) => r.checked).reduce((a, b) => a + b)).toBe(rows.length);
      // Each row was checked (and backed off) once, by one of the runs.
      const checked = await database.db.query.bridgeSettlements.findMany({ where: (t, { inArray }) => inArray(t.id, rows) });
      expect(checked.map((r) => r.checkFailures)).toEqual(rows.map(() => 1));
    } finally {
      await silent.close();
    }
  }, 60_000);

  it("a good check that finds nothing new puts the row back to every run (its claim's lease does not hold it)", async () => {
    await closeEveryRow();
    const hash = await mineDeposit(70n, depositor, OPEN_DEADLINE());
    const id = await insertOpen(hash, { ageMs: 60_000, depositId: "70" });
    const across = acrossAnswering(() => ({ status: "pending", depositId: "70", depositTxnRef: hash, originChainId: BASE, destinationChainId: ARBITRUM }));
    for (let run = 0; run < 2; run++) {
      expect(await reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client })).toMatchObject({ checked: 1, updated: 0, failed: 0 });
    }
    expect(await rowOf(id)).toMatchObject({ status: "pending", checkFailures: 0 });
  });

  it("an expired deposit whose whole refund search window is confirmed and holds no refund is checked daily, then left expired after 30 days", async () => {
    await closeEveryRow();
    const recent = await insertOpen(await mineExpiredDeposit(80n, depositor), { ageMs: 60_000, depositId: "80" });
    const old = await insertOpen(await mineExpiredDeposit(81n, depositor), { ageMs: 31 * 86_400_000, depositId: "81" });
    const across = acrossAnswering(() => ({ status: "expired", depositTxnRef: "0x", originChainId: BASE, destinationChainId: ARBITRUM }));
    // The search window (one page of 2,000 blocks here, from the deadline's block) is all under the confirmed head.
    await mine(2_100);
    const reconcile = () => reconcileBridgeSettlements({ db: database.db, across, clientFor: () => client, maxSearchPages: 1 });
    expect(await reconcile()).toMatchObject({ checked: 2, updated: 2, failed: 0 });
    expect(await rowOf(recent)).toMatchObject({ status: "expired" });
    // Searched again: nothing new can appear in that window; only the protocol naming a refund could prove one.
    expect(await reconcile()).toMatchObject({ checked: 2, updated: 0, failed: 0 });
    const next = (await rowOf(recent))!;
    expect(next).toMatchObject({ status: "expired", checkFailures: 1 });
    expect(next.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(next.nextCheckAt.getTime()).toBeLessThan(Date.now() + 25 * 3_600_000);
    // Tracked 31 days ago: left expired, its refund unproven, never due again.
    const [left] = await database.db.select({ never: sql<boolean>`${bridgeSettlements.nextCheckAt} = 'infinity'` })
      .from(bridgeSettlements).where(inArray(bridgeSettlements.id, [old]));
    expect(left).toEqual({ never: true });
    expect(await rowOf(old)).toMatchObject({ status: "expired" });
    await database.db.update(bridgeSettlements).set({ nextCheckAt: new Date(Date.now() - 1000) }).where(ne(bridgeSettlements.id, old));
    expect(await reconcile()).toMatchObject({ checked: 1 });
  }, 120_000);
});
