/**
 * The devnet's Across relayer: watches every origin SpokePool for `FundsDeposited`, fills each deposit on its
 * destination SpokePool (`fillRelay`, from the relayer's own funds) within a second or two, leaves deposits it was
 * told to hold unfilled, marks them expired once their fill deadline has passed on the destination chain, and
 * refunds them to the depositor on the origin chain a moment later (refundExpiredDeposit.ts).
 */
import { pad, type Address, type Hex } from "viem";
import { acrossBuild } from "../acrossArtifacts.js";
import { DEVNET_ACROSS_RELAYER } from "../acrossDevnetRoles.js";
import type { AcrossChain, AcrossNetwork } from "./acrossNetwork.js";
import { depositFromLog, depositKey, type DepositRecord } from "./depositRecord.js";
import { refundExpiredDeposit } from "./refundExpiredDeposit.js";

const POLL_MS = 400;
/**
 * How long an expired deposit waits before its refund (stands in for the bundle's challenge period, hours on a real
 * chain). Long enough that a client polling every half second sees `expired` before `refunded` even when each status
 * answer is slow (Sluice searches the origin's logs for the refund), short enough to keep the tests quick.
 */
const REFUND_DELAY_MS = 5_000;
const MAX_FILL_ATTEMPTS = 5;

export type DevnetRelayer = {
  deposits: Map<string, DepositRecord>;
  /** Deposits of this depositor are left unfilled from now on (and their quotes get a short fill window). */
  hold(depositor: Address): void;
  isHeld(depositor: Address): boolean;
  /** Finds (and indexes) the deposit made by an origin transaction, on whichever chain it was sent. */
  findByTransaction(hash: Hex): Promise<DepositRecord | undefined>;
  /** Runs `task` after every other transaction of the relayer on that chain (one nonce sequence per chain). */
  serialize<T>(chainId: number, task: () => Promise<T>): Promise<T>;
  stop(): void;
};

export function startDevnetRelayer(network: AcrossNetwork, log: (line: string) => void): DevnetRelayer {
  const abi = acrossBuild("Ethereum_SpokePool").abi;
  const deposits = new Map<string, DepositRecord>();
  const held = new Set<string>();
  const queues = new Map<number, Promise<unknown>>();
  const lastBlock = new Map<number, bigint>();
  let stopped = false;

  const serialize = <T>(chainId: number, task: () => Promise<T>): Promise<T> => {
    const run = (queues.get(chainId) ?? Promise.resolve()).then(task, task);
    queues.set(chainId, run.catch(() => {}));
    return run;
  };
  const isHeld = (depositor: Address) => held.has(depositor.toLowerCase());
  const record = (deposit: DepositRecord) => {
    const key = depositKey(deposit.originChainId, deposit.depositId);
    const known = deposits.get(key);
    if (known) return known;
    deposits.set(key, deposit);
    return deposit;
  };

  const scan = async (chain: AcrossChain) => {
    const latest = await chain.publicClient.getBlockNumber();
    const from = lastBlock.get(chain.chainId);
    lastBlock.set(chain.chainId, latest);
    if (from === undefined || latest <= from) return;
    const logs = await chain.publicClient.getLogs({ address: chain.spokePool, fromBlock: from + 1n, toBlock: latest });
    for (const entry of logs) {
      const deposit = depositFromLog(chain.chainId, entry, isHeld);
      if (deposit) record(deposit);
    }
  };

  const destinationNow = async (chain: AcrossChain) =>
    Math.max(Math.floor(Date.now() / 1000), Number((await chain.publicClient.getBlock()).timestamp));

  const fill = (deposit: DepositRecord, destination: AcrossChain) => serialize(destination.chainId, async () => {
    const relayData = {
      depositor: deposit.depositor, recipient: deposit.recipient, exclusiveRelayer: deposit.exclusiveRelayer,
      inputToken: deposit.inputToken, outputToken: deposit.outputToken, inputAmount: deposit.inputAmount,
      outputAmount: deposit.outputAmount, originChainId: BigInt(deposit.originChainId), depositId: deposit.depositId,
      fillDeadline: deposit.fillDeadline, exclusivityDeadline: deposit.exclusivityDeadline, message: deposit.message,
    };
    const hash = await destination.walletClient.writeContract({
      address: destination.spokePool, abi, functionName: "fillRelay",
      args: [relayData, BigInt(destination.chainId), pad(DEVNET_ACROSS_RELAYER)],
    });
    const receipt = await destination.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`fill ${hash} reverted`);
    return hash;
  });

  const advance = async (deposit: DepositRecord) => {
    const destination = network.byId(deposit.destinationChainId);
    const origin = network.byId(deposit.originChainId)!;
    if (deposit.status === "pending") {
      if (!destination) return; // a destination the devnet does not run: it can only expire... never, here
      if (await destinationNow(destination) > deposit.fillDeadline) {
        deposit.status = "expired";
        deposit.expiredAt = Date.now();
        log(`across: deposit ${deposit.originChainId}:${deposit.depositId} expired`);
        return;
      }
      if (deposit.held || deposit.fillAttempts >= MAX_FILL_ATTEMPTS) return;
      deposit.fillAttempts++;
      try {
        deposit.fillTx = await fill(deposit, destination);
        deposit.status = "filled";
        log(`across: filled ${deposit.originChainId}:${deposit.depositId} on ${destination.chainId} in ${deposit.fillTx}`);
      } catch (error) {
        log(`across: fill of ${deposit.originChainId}:${deposit.depositId} failed (attempt ${deposit.fillAttempts}): ${(error as Error).message.split("\n")[0]}`);
      }
    } else if (deposit.status === "expired" && Date.now() - deposit.expiredAt! >= REFUND_DELAY_MS) {
      deposit.refundTx = await serialize(origin.chainId, () => refundExpiredDeposit(origin, deposit));
      deposit.status = "refunded";
      log(`across: refunded ${deposit.originChainId}:${deposit.depositId} in ${deposit.refundTx}`);
    }
  };

  const busy = new Set<string>();
  const tick = async () => {
    await Promise.all(network.chains.map((chain) => scan(chain).catch((error) => log(`across: scanning ${chain.name} failed: ${(error as Error).message}`))));
    for (const [key, deposit] of deposits) {
      if (busy.has(key) || deposit.status === "filled" || deposit.status === "refunded") continue;
      busy.add(key);
      void advance(deposit)
        .catch((error) => log(`across: ${key}: ${(error as Error).message.split("\n")[0]}`))
        .finally(() => busy.delete(key));
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    if (stopped) return;
    await tick().catch(() => {});
    if (!stopped) timer = setTimeout(loop, POLL_MS);
  };
  void loop();

  return {
    deposits,
    hold: (depositor) => held.add(depositor.toLowerCase()),
    isHeld,
    serialize,
    async findByTransaction(hash) {
      for (const deposit of deposits.values()) if (deposit.depositTxHash.toLowerCase() === hash.toLowerCase()) return deposit;
      for (const chain of network.chains) {
        const receipt = await chain.publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
        if (!receipt) continue;
        for (const entry of receipt.logs) {
          if (entry.address.toLowerCase() !== chain.spokePool.toLowerCase()) continue;
          const deposit = depositFromLog(chain.chainId, entry as never, isHeld);
          if (deposit) return record(deposit);
        }
      }
      return undefined;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
