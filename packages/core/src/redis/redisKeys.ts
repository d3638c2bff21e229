import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";

/**
 * Every Redis key Sluice uses, in one place. Convention: `sluice:<area>:<what>[:<scope>…]`, chains by name or id as
 * the area uses them, addresses lower-case. A format change that old values cannot be read with gets a version
 * segment (`v1`), so a deploy never reads a value written in another shape.
 */
export const redisKeys = {
  /** The cached record of an API key, by the key's hash (`auth/apiKeyCache.ts`). */
  apiKey: (hash: string) => `sluice:apikey:${hash}`,
  /**
   * That Postgres answered the key active within the last day (`auth/apiKeyCache.ts`), by the key's hash: its lookups
   * are not guesses, so the client's budget of lookups does not apply to them.
   */
  apiKeyKnown: (hash: string) => `sluice:apikey:known:${hash}`,
  /** When an API key was last accepted (ms since the epoch), by key id: the dashboards' "last used". */
  apiKeyLastUsed: (keyId: string) => `sluice:apikey:last-used:${keyId}`,
  /** A key's requests in one rate-limit window (`authenticateAndLimit`'s sliding window), by the key's hash. */
  rateLimitWindow: (hash: string, window: number) => `sluice:ratelimit:${hash}:${window}`,
  /** A key's dashboard requests in one rate-limit window (`limitKeyRequests`, the same sliding window), by key id. */
  keyRequestWindow: (keyId: string, window: number) => `sluice:ratelimit:key:${keyId}:${window}`,
  /** Key-cache misses (Postgres lookups) a client caused in a one-minute window (`authenticateAndLimit`). */
  authMisses: (environment: string, client: string, window: number) => `sluice:authmiss:${environment}:${client}:${window}`,

  /** The latest block a request saw on a chain, shared by every isolate for the chain's head freshness. */
  chainHead: (chain: ChainName) => `sluice:head:${chain}`,
  /**
   * A chain's pool graph: its manifest's head (block, the routable part's shard versions, the version of the other
   * part's list; see indexer/shardedGraphStore.ts), each shard — and that list, as shard `xl` — under its content
   * version, the block it is indexed through, and the cron's indexing lock.
   */
  graph: (chain: ChainName) => `sluice:graph:v1:${chain}`,
  graphShard: (chain: ChainName, shard: string, version: string) => `sluice:graph:v1:${chain}:shard:${shard}:${version}`,
  graphBlock: (chain: ChainName) => `sluice:graph:v1:${chain}:block`,
  graphLock: (chain: ChainName) => `sluice:graph:v1:${chain}:lock`,
  /**
   * A chain's cold-index progress (phase, cursor, pools found) and the graph it is building, kept per slice: the
   * partial graph's manifest and its segments (indexer/partialGraphStore.ts).
   */
  indexProgress: (chain: ChainName) => `sluice:index:v1:${chain}:progress`,
  indexPartial: (chain: ChainName) => `sluice:index:v1:${chain}:partial`,
  indexPartialSegment: (chain: ChainName, id: number) => `sluice:index:v1:${chain}:partial:${id}`,
  /**
   * Pool states read at one block, shared by every isolate (`refreshSharedPools`): field = pool address. v2: entries
   * may carry a V3 pool's `tickDataRange`, which a v1 reader would drop (and quote the pool as complete).
   */
  poolsAtBlock: (chain: ChainName, block: bigint) => `sluice:pools:v2:${chain}:${block}`,
  /** A chain's computed token list. */
  tokenList: (chain: ChainName) => `sluice:tokens:v1:${chain}`,
  /** A chain's token quality scores as read from Postgres (`tokenQuality/createTokenQualitySource.ts`). */
  tokenQuality: (chain: ChainName) => `sluice:token-quality:v1:${chain}`,
  /** A counter bumped by every token quality write: a cached score set or token list made under another is stale. */
  tokenQualityGeneration: (chain: ChainName) => `sluice:token-quality:v1:${chain}:generation`,
  /** How a chain's tokens transfer (`tokens/behaviour`): a hash, lower-case address → JSON record. */
  tokenBehaviour: (chain: ChainName) => `sluice:tokens:behaviour:v1:${chain}`,

  /** A bridge deposit `/bridge/quote` gave an account, by the deposit's fingerprint (`bridgeDepositFingerprint`). */
  bridgeQuoteIssued: (fingerprint: string, accountId: string) => `sluice:bridge:quote-issued:v1:${fingerprint}:${accountId}`,

  /** A permit (owner, nonce) claimed by a gasless solve in flight. */
  permitClaim: (chainId: number, owner: Address, nonce: bigint) => `sluice:permit:claim:${chainId}:${owner.toLowerCase()}:${nonce}`,
  /** The account that first encoded a permit (and whether it was sent). */
  permitOwner: (chainId: number, owner: Address, nonce: bigint) => `sluice:permit:owner:${chainId}:${owner.toLowerCase()}:${nonce}`,
  /**
   * A permit nonce /route issued, with what it binds (account, input, output token, minimum) for plain permits. The
   * sandbox's apart: an account's keys of both environments share its id, and a production /solve must never be bound
   * by a sandbox answer.
   */
  permitIssued: (chainId: number, nonce: bigint, environment: "production" | "sandbox") =>
    environment === "sandbox" ? `sluice:permit:issued:sandbox:${chainId}:${nonce}` : `sluice:permit:issued:${chainId}:${nonce}`,
  /** The lock serialising one owner's gasless solves of one token. */
  spendLock: (chainId: number, owner: Address, token: Address) =>
    `sluice:permit:spend-lock:${chainId}:${owner.toLowerCase()}:${token.toLowerCase()}`,
  /** An owner's input committed to gasless solves still in flight: field = tx hash, value = `raw:<amount>`. */
  pendingSpend: (chainId: number, owner: Address, token: Address) =>
    `sluice:permit:pending-spend:${chainId}:${owner.toLowerCase()}:${token.toLowerCase()}`,
  /**
   * How each pending-spend entry was sent: field = tx hash, value = `<relayer>:<nonce>:<sent at, ms>`. Apart from
   * `pendingSpend`, whose values a rolled-back worker must still read as amounts.
   */
  pendingSpendSends: (chainId: number, owner: Address, token: Address) =>
    `sluice:permit:pending-spend-sends:${chainId}:${owner.toLowerCase()}:${token.toLowerCase()}`,

  /** An owner's gasless swaps that reverted on chain in the current window (`gasBudget`): a counter with the window's expiry. */
  gaslessReverts: (chainId: number, owner: Address) => `sluice:gasless:reverts:v1:${chainId}:${owner.toLowerCase()}`,
  /** A reverted gasless transaction already counted against its owner (counted when mined, and again seen when settled). */
  gaslessRevertCounted: (chainId: number, hash: string) => `sluice:gasless:revert-counted:v1:${chainId}:${hash.toLowerCase()}`,
  /**
   * An account's gasless swaps on a chain in one day-long window (`gasBudget/accountGaslessWindow`): a hash, `sends`
   * and `reverts`; read with the previous window weighted by its overlap (a sliding day).
   */
  gaslessAccount: (chainId: number, accountId: string, window: number) => `sluice:gasless:account:v2:${chainId}:${accountId}:${window}`,
  /** An owner one of whose gasless swaps on the chain succeeded within 30 days (`gasBudget`): never paused for its account's reverts. */
  gaslessOwnerProven: (chainId: number, owner: Address) => `sluice:gasless:proven:v1:${chainId}:${owner.toLowerCase()}`,
  /** An owner's gasless swaps sent and not yet mined (`claimGaslessSlot`): a sorted set, solve event id → when taken (ms). */
  gaslessInFlight: (chainId: number, owner: Address) => `sluice:gasless:in-flight:v1:${chainId}:${owner.toLowerCase()}`,
  /** An account's gasless slots held by owners not proven (`claimGaslessSlot`): a sorted set, solve event id → when taken (ms). */
  gaslessUnprovenInFlight: (chainId: number, accountId: string) => `sluice:gasless:in-flight-unproven:v1:${chainId}:${accountId}`,

  /** One relayer wallet on one chain (see `sendRelayerTransaction` for how they are used). */
  relayer: (chainId: number, relayer: Address) => {
    const base = `sluice:relayer:${chainId}:${relayer.toLowerCase()}`;
    return {
      /** The next nonce to hand out. */
      next: `${base}:next`,
      /** Nonces handed out but never sent (a sorted set scored by nonce): reused first, or plugged by the repair. */
      holes: `${base}:holes`,
      /** Sent transactions not yet known mined: nonce → JSON of what was sent, for replacement. */
      inflight: `${base}:inflight`,
      /** When a nonce was last handed out (ms); the repair never resets the counter right after an allocation. */
      lastAllocation: `${base}:last-allocation`,
    };
  },
  /**
   * The transactions the relayer repair sent in place of a stuck or dropped one (same nonce, same call, higher fees),
   * by the replaced transaction's hash (lower-case): a hash, replacement hash → when sent (ms); a replacement replaced
   * again has its own. Followed wherever a solve's hash is read back from the chain (`readRelayedReceipt`).
   */
  relayerReplacement: (chainId: number, replaced: string) => `sluice:relayer:${chainId}:replaced:${replaced.toLowerCase()}`,
  /** A lease so only one relayer repair per chain runs at a time. */
  relayerRepairLease: (chainId: number) => `sluice:relayer:${chainId}:repair-lease`,
  /** The last balance check of a chain's relayers: hash relayer address → `RelayerBalanceRecord` JSON. */
  relayerBalances: (chainId: number) => `sluice:relayer:${chainId}:balances`,
  /** A lease so only one balance check per chain runs at a time. */
  relayerBalanceLease: (chainId: number) => `sluice:relayer:${chainId}:balance-lease`,
  /** Round-robin counter spreading solves over a chain's relayers. */
  relayerRoundRobin: (chainId: number) => `sluice:relayer:${chainId}:round-robin`,

  /** The usage outbox (a hash by event id), its dead letters, and the drain lease. */
  usageOutbox: "sluice:usage:outbox",
  usageDeadLetter: "sluice:usage:outbox:dead",
  usageOutboxDraining: "sluice:usage:outbox:draining",
  /**
   * Quote (`route`) events that waited out a Postgres outage (a hash by event id, bounded: `pushToQuoteOutbox`), apart
   * from the usage outbox so that quotes, which move no money, never take the room solves need nor delay their drain.
   */
  usageQuoteOutbox: "sluice:usage:outbox:quotes",

  /**
   * A browser session of the partner dashboard or the operator pages, by the SHA-256 of the session cookie's value
   * (the cookie itself is never stored): what it is for (account and key, or operator), its CSRF token, its expiry.
   */
  dashboardSession: (sessionHash: string) => `sluice:dashboard:session:${sessionHash}`,
  /** Partner sign-ins a client made in a one-minute window (`dashboard/signInLimits.ts`), by `clientBucket`. */
  dashboardSignIns: (client: string, window: number) => `sluice:dashboard:sign-in:${client}:${window}`,
  /** Failed operator sign-ins a client made in a one-minute window (`dashboard/signInLimits.ts`), by `clientBucket`. */
  operatorSignInMisses: (client: string, window: number) => `sluice:dashboard:operator-miss:${client}:${window}`,

  /**
   * Keys derived from a chain's state (graphs, token lists, relayer nonces, permit claims and spend, gasless reverts): what a local
   * stack forgets when it starts new devnet chains. API-key cache entries, rate limits and the usage outbox stay.
   */
  chainDerivedPatterns: ["sluice:graph:*", "sluice:index:*", "sluice:pools:*", "sluice:head:*", "sluice:tokens:*", "sluice:relayer:*", "sluice:permit:*", "sluice:gasless:*"],
} as const;
