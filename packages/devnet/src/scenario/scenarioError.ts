/** A scenario the devnet refuses; the message starts with the offending field, e.g. `chains.base.pools[3].fee: ...`. */
export class ScenarioError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = "ScenarioError";
  }
}

/** `["chains", "base", "pools", 3, "fee"]` → `chains.base.pools[3].fee`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text === "" ? String(key) : `${text}.${String(key)}`;
  }, "");
}
