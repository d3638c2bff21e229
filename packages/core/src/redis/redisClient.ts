/**
 * The Redis commands Sluice uses, with Upstash's value semantics, whichever transport carries them: Upstash REST on
 * Workers (`createRedis`) or a TCP connection on the Node host (`createTcpRedis`, `@sluice/core/node`). Both pass
 * the same contract suite (`@sluice/testkit`'s `describeRedisContract`) against a real Redis.
 *
 * Values: a string is stored as is, anything else as JSON; a read hands back the JSON value when the stored text
 * parses as JSON (numbers only when they survive the round trip: `"007"`, `"1e3"` and unsafe integers stay strings),
 * else the raw string. So a value that must come back as a raw string is stored with a prefix that is not JSON.
 */
export type RedisSetOptions = {
  /** Only when the key does not exist (then the answer is `null` when it did). */
  nx?: boolean;
  /** Expiry in seconds (`ex`) or milliseconds (`px`); give at most one. */
  ex?: number;
  px?: number;
};

/** Commands queued and sent in one round trip; `exec` answers each one's reply in order. */
export interface RedisPipeline {
  hgetall(key: string): RedisPipeline;
  incr(key: string): RedisPipeline;
  expire(key: string, seconds: number): RedisPipeline;
  pexpire(key: string, milliseconds: number): RedisPipeline;
  hset<TData = unknown>(key: string, entries: Record<string, TData>): RedisPipeline;
  hdel(key: string, ...fields: string[]): RedisPipeline;
  exec<TResults extends unknown[] = unknown[]>(): Promise<TResults>;
}

export interface Redis {
  get<TData = unknown>(key: string): Promise<TData | null>;
  set<TData = unknown>(key: string, value: TData, options?: RedisSetOptions): Promise<"OK" | TData | null>;
  mget<TData extends unknown[]>(...keys: string[]): Promise<TData>;
  mset<TData = unknown>(entries: Record<string, TData>): Promise<"OK" | TData>;
  del(...keys: string[]): Promise<number>;
  exists(...keys: string[]): Promise<number>;
  expire(key: string, seconds: number): Promise<0 | 1>;
  incr(key: string): Promise<number>;
  /** A Lua script; its reply is deserialised like a value (each element of a table reply on its own). */
  eval<TArgs extends unknown[], TData = unknown>(script: string, keys: string[], args: TArgs): Promise<TData>;
  hset<TData = unknown>(key: string, entries: Record<string, TData>): Promise<number>;
  hget<TData = unknown>(key: string, field: string): Promise<TData | null>;
  /** The named fields of a hash as an object (each value deserialised); `null` when none of them is set. */
  hmget<TData extends Record<string, unknown>>(key: string, ...fields: string[]): Promise<TData | null>;
  /** Every field of a hash, each value deserialised (unsafe integers stay strings); `null` for a missing key. */
  hgetall<TData extends Record<string, unknown>>(key: string): Promise<TData | null>;
  hdel(key: string, ...fields: string[]): Promise<number>;
  hlen(key: string): Promise<number>;
  hexists(key: string, field: string): Promise<number>;
  /** One page of a hash: the next cursor (`"0"` when done) and the fields and values, flat, deserialised. */
  hscan(key: string, cursor: string | number, options?: { match?: string; count?: number }): Promise<[string, (string | number)[]]>;
  zadd<TData = unknown>(key: string, scoreMember: { score: number; member: TData }): Promise<number | null>;
  zrem<TData = unknown>(key: string, ...members: TData[]): Promise<number>;
  zremrangebyscore(key: string, min: number | string, max: number | string): Promise<number>;
  ping(): Promise<string>;
  pipeline(): RedisPipeline;
}
