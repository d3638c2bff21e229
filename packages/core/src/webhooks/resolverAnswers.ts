/** How long this isolate reuses what a control lookup found (both ways), so a failing name costs one lookup, not one per delivery. */
export const RESOLVER_CONTROL_REUSE_MS = 15_000;

type Resolve = (host: string) => Promise<string[]>;
const controls = new WeakMap<Resolve, { answers: boolean; at: number }>();

/**
 * Whether the resolver answers at all: a lookup of a name that always resolves (`controlName`) through the same
 * `resolve`. Asked when a host's lookup failed without a DNS status (no answer within the time limit, an HTTP error):
 * if the resolver answers this, it was the host's own nameservers that did not, which is the receiver's failure; if
 * it does not, the resolver is down, which is Sluice's. Kept per resolver (a resolver made once per isolate keeps it
 * across requests) for `RESOLVER_CONTROL_REUSE_MS`; only a settled result is kept, never a lookup in flight (in
 * workerd a promise of another request's may never wake this one), so concurrent failures may each look once.
 */
export async function resolverAnswers(resolve: Resolve, controlName: string, now = Date.now): Promise<boolean> {
  const known = controls.get(resolve);
  if (known && now() - known.at < RESOLVER_CONTROL_REUSE_MS) return known.answers;
  const answers = await resolve(controlName).then(() => true, () => false);
  controls.set(resolve, { answers, at: now() });
  return answers;
}
