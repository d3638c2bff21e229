export type SlidingWindowLuaParameters = {
  /** Lua expressions naming this window's and the previous window's counter keys (e.g. `KEYS[2]`, `KEYS[3]`). */
  current: string;
  previous: string;
};

/**
 * The rate limit's Lua, shared by every script that applies it (`authenticateAndLimit`, `limitKeyRequests`): the
 * algorithm of `@upstash/ratelimit`'s `slidingWindow` (this window's count plus the previous window's weighted by how
 * much of it still overlaps). Expects `ARGV[1]` now (ms), `ARGV[2]` the window (ms) and a local `tokens` (the limit);
 * leaves `remaining` (−1: refused, and then not counted).
 */
export function slidingWindowLua({ current, previous }: SlidingWindowLuaParameters): string {
  return `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local inWindow = tonumber(redis.call("GET", ${current}) or "0")
local weighted = math.floor((1 - (now % window) / window) * tonumber(redis.call("GET", ${previous}) or "0"))
local remaining = -1
if weighted + inWindow < tokens then
  local counted = redis.call("INCR", ${current})
  if counted == 1 then redis.call("PEXPIRE", ${current}, window * 2 + 1000) end
  remaining = tokens - (counted + weighted)
end
`;
}
