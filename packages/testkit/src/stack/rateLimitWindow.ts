/**
 * Waits, when needed, until a burst of `burstMs` fits before the next minute boundary. The rate limiter is a sliding
 * window over epoch-aligned minutes (`@upstash/ratelimit`'s algorithm): it weighs the previous minute's requests as if
 * spread evenly and rounds that weight down, so a burst straddling a boundary is under-counted by design. A test that
 * counts requests to the limit starts its burst where no boundary falls inside it.
 */
export async function untilMinuteHasRoomFor(burstMs: number): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute + burstMs > 60_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
}
