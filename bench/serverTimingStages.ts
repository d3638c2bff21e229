/**
 * The per-stage figures of a benchmark phase, from the answers' `Server-Timing` headers (`name;dur=ms`, comma
 * separated): `record` each answer's header, `print` p50 / p99 per stage, which also starts the next phase.
 */
export function serverTimingStages() {
  const stages = new Map<string, number[]>();
  return {
    record(header: string | null) {
      for (const entry of (header ?? "").split(",")) {
        const [name, ...params] = entry.trim().split(";");
        const dur = params.find((x) => x.trim().startsWith("dur="));
        if (!name || !dur) continue;
        const list = stages.get(name) ?? [];
        list.push(Number(dur.trim().slice(4)));
        stages.set(name, list);
      }
    },
    clear() {
      stages.clear();
    },
    print() {
      for (const [name, samples] of stages) {
        const s = [...samples].sort((a, b) => a - b);
        const q = (x: number) => s[Math.min(s.length - 1, Math.floor(x * s.length))]!.toFixed(1).padStart(6);
        console.log(`    stage ${name.padEnd(10)} n=${String(s.length).padStart(3)}  p50 ${q(0.5)} ms  p99 ${q(0.99)} ms`);
      }
      stages.clear();
    },
  };
}
