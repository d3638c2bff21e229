/**
 * An exact decimal (Postgres numeric, as text) as the JSON number that prints it: the nearest double, whose shortest
 * representation is the decimal itself for every amount with up to 15 significant digits. Used where the interface
 * defines a figure by a formula (`rebate_usd = volume_usd * rebate_bps / 10000`), so partners can recompute it.
 */
export function exactNumber(decimal: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(decimal.trim())) throw new Error(`not a decimal: ${decimal}`);
  return Number(decimal);
}
