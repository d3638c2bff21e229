/**
 * The reconcile cron cannot be starved — against a real PostgreSQL and a real anvil node: a batch's worth of old rows
 * that never resolve (deposits Across does not know; deposits Across reports but the origin chain does not show) do
 * not keep a newer, resolvable deposit from ever being reconciled, and each of them backs off instead of being asked
 * again every run. Only the upstream Across API is stood in for.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatHex, createPublicClient, createWalletClient, encodeAbiParameters, encodeEventTopics, http, pad, type Hash, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestDatabase, type AnvilNode, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { chainById, MULTICALL3_ADDRESS } from "../chains/chains.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import { newId } from "../ids/newId.js";
import type { AcrossClient } from "./across/createAcrossClient.js";
import type { AcrossDepositStatus } from "./across/acrossSchemas.js";
import { reconcileBridgeSettlements } from "./reconcileBridgeSettlements.js";
import { fundsDepositedAbi } from "./verifyBridgeDeposit.js";

const BASE = 8453;
const ARBITRUM = 42161;
const spokePool = chainById(BASE)!.spokePool;
/**
 * Stands in for the SpokePool on the bare node: emits one LOG4 whose four topics are the first 128 bytes of the
 * calldata and whose data is the rest (CALLDATACOPY everything, MLOAD the topics, LOG4), so a test can mine a real
 * transaction whose receipt holds exactly the `FundsDeposited` event it needs.
 */
const LOG_EMITTER = "0x365f5f37606051604051602051" + "5f51" + "60803603" + "6080" + "a400";
/** The destination SpokePool's `fillStatuses(…)` on the bare node: 0 (Unfilled) for every relay (PUSH 32, PUSH 0, RETURN). */
const UNFILLED = "0x60205ff3";

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

/** Mines a transaction whose receipt shows the SpokePool's deposit `depositId`, its fill deadline already passed. */
async function mineExpiredDeposit(depositId: bigint, depositor: Hex): Promise<Hash> {
  const now = Math.floor(Date.now() / 1000);
  const topics = encodeEventTopics({ abi: fundsDepositedAbi, eventName: "FundsDeposited", args: { destinationChainId: BigInt(ARBITRUM), depositId, depositor: word(depositor) } });
  const data = encodeAbiParameters(
    fundsDepositedAbi[0].inputs.filter((input) => !("indexed" in input && input.indexed)),
    [word(chainById(BASE)!.curatedTokens[0]!.address), word(chainById(ARBITRUM)!.curatedTokens[0]!.address), 1_000_000n, 990_000n,
      now - 7200, now - 3600, 0, word(depositor), word("0x0000000000000000000000000000000000000000"), "0x"],
  );
  const chain = { id: BASE, name: "base", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } } as const;
  const wallet = createWalletClient({ account: privateKeyToAccount(devAccounts()[2]!.privateKey), transport: http(anvil.rpcUrl) });
  const hash = await wallet.sendTransaction({ chain, to: spokePool, data: concatHex([...(topics as Hex[]), data]), gas: 200_000n });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
  return hash;
}

async function insertOpen(originTxHash: Hash, { ageMs, depositId = null }: { ageMs: number; depositId?: string | null }) {
  const at = new Date(Date.now() - ageMs);
  const id = newId("brg");
  await database.db.insert(bridgeSettlements).values({
    id, accountId, originChainId: BASE, destinationChainId: ARBITRUM,
    depositor: "0x1111111111111111111111111111111111111111", recipient: "0x1111111111111111111111111111111111111111",
    inputToken: chainById(BASE)!.curatedTokens[0]!.address.toLowerCase(), outputToken: chainById(ARBITRUM)!.curatedTokens[0]!.address.toLowerCase(),
    amountInRaw: "1000000", expectedOutRaw: "990000", originTxHash, depositId, createdAt: at, updatedAt: at, nextCheckAt: at,
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
    expect(await rowOf(newer)).toMatchObject({ status: "expired", depositId: "7", checkFailures: 0 });

    // Each stuck row was asked about once in three runs (a failure waits a minute), and carries its failure.
    const stuckRows = await database.db.query.bridgeSettlements.findMany({ where: (t, { inArray }) => inArray(t.id, stuck) });
    expect(stuckRows.map((r) => r.checkFailures)).toEqual(stuck.map(() => 1));
    expect(stuckRows.every((r) => asked.get(r.originTxHash) === 1)).toBe(true);
    expect(stuckRows.every((r) => r.status === "pending" && r.nextCheckAt.getTime() > Date.now() + 30_000)).toBe(true);

    // Once due again, a second failure waits twice as long.
    await database.db.update(bridgeSettlements).set({ nextCheckAt: new Date(Date.now() - 1000) });
    // 101 due rows: a batch of 100, then the two left; then only the expired deposit (checked every run until it is
    // refunded), none of the failed ones until their back-off is over.
    expect(await reconcile()).toMatchObject({ checked: 100 });
    expect(await reconcile()).toMatchObject({ checked: 2 });
    expect(await reconcile()).toMatchObject({ checked: 1, failed: 0 });
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
});
