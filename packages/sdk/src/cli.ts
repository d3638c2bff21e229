#!/usr/bin/env node
/**
 * `sluice`: the Sluice API from a terminal, with the key in SLUICE_API_KEY and the deployment in SLUICE_BASE_URL
 * (default the local stack, http://127.0.0.1:8787).
 *
 *   sluice quote 1000 USDC WETH --chain base     a swap quote
 *   sluice usage --period 2026-11 [--type solve]  every usage event of the month (all pages)
 *   sluice account | rebates [--period YYYY-MM] | tokens --chain base [--search US]
 * `--json` prints the API's JSON instead of the summary. Exit codes: 0 done, 1 Sluice answered a failure, 2 bad usage.
 */
import { createSluiceClient } from "./client.js";
import { SluiceApiError } from "./errors.js";
import { SDK_VERSION } from "./version.js";
import type { ChainName } from "./types.js";

// The CLI runs on Node (or Bun); only these of its globals are used.
declare const process: {
  argv: string[];
  env: Record<string, string | undefined>;
  exitCode: number | undefined;
  stdout: { write(text: string): boolean };
  stderr: { write(text: string): boolean };
};

const USAGE = `sluice ${SDK_VERSION}: the Sluice API from a terminal

  sluice quote <amount> <from> <to> --chain <ethereum|base|arbitrum|polygon>
  sluice usage [--period YYYY-MM] [--type route|solve]
  sluice rebates [--period YYYY-MM]
  sluice account
  sluice tokens --chain <chain> [--search TEXT] [--limit N]

Options: --json (the API's JSON), --base-url URL (default SLUICE_BASE_URL or http://127.0.0.1:8787).
Environment: SLUICE_API_KEY (required but for tokens), SLUICE_BASE_URL.`;

class UsageError extends Error {}

type Parsed = { positional: string[]; flags: Record<string, string | true> };

function parseArgs(args: string[]): Parsed {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    if (name === "json" || name === "help" || name === "version") flags[name] = true;
    else if (inline !== undefined) flags[name] = inline;
    else if (i + 1 < args.length) flags[name] = args[++i]!;
    else throw new UsageError(`--${name} needs a value`);
  }
  return { positional, flags };
}

const CHAINS = ["ethereum", "base", "arbitrum", "polygon"];

function chainFlag(flags: Parsed["flags"]): ChainName {
  const chain = flags.chain;
  if (typeof chain !== "string" || !CHAINS.includes(chain)) throw new UsageError(`--chain must be one of ${CHAINS.join(", ")}`);
  return chain as ChainName;
}

function stringFlag(flags: Parsed["flags"], name: string): string | undefined {
  const value = flags[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

const out = (line = "") => process.stdout.write(`${line}\n`);
const json = (value: unknown) => out(JSON.stringify(value, null, 2));

async function main(argv: string[]): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  const [command, ...rest] = positional;
  if (flags.version) {
    out(SDK_VERSION);
    return 0;
  }
  if (flags.help || !command || command === "help") {
    out(USAGE);
    return command || flags.help ? 0 : 2;
  }
  const baseUrl = stringFlag(flags, "base-url") ?? process.env.SLUICE_BASE_URL ?? "http://127.0.0.1:8787";
  const apiKey = process.env.SLUICE_API_KEY ?? "";
  if (!apiKey && command !== "tokens") throw new UsageError("SLUICE_API_KEY is not set: export your Sluice API key");
  const sluice = createSluiceClient({ baseUrl, apiKey });

  switch (command) {
    case "quote": {
      const [amount, from, to] = rest;
      if (!amount || !from || !to || rest.length > 3) throw new UsageError("usage: sluice quote <amount> <from> <to> --chain <chain>");
      const chain = chainFlag(flags);
      const result = await sluice.quote({ amount, from, to, chain });
      if (flags.json) {
        json(result);
        return 0;
      }
      const q = result.quote;
      out(`${q.amountIn} ${from} → ${q.amountOut} ${to} on ${chain}`);
      out(`rate          ${q.rate}`);
      out(`volume        ${q.volumeUsd} USD`);
      out(`price impact  ${q.priceImpactBps} bps`);
      out(`route         ${q.route.splits.map((s) => s.hops.map((h) => `${h.protocol} ${h.pool}`).join(" → ")).join(" | ")}`);
      out(`gasless       ${result.gaslessEligible ? "yes" : "no"} (minimum ${result.gaslessMinimumUsd} USD on ${chain})`);
      if (result.notGaslessReason) out(`              ${result.notGaslessReason}: the user sends the swap and pays gas`);
      return 0;
    }
    case "usage": {
      const period = stringFlag(flags, "period");
      const type = stringFlag(flags, "type");
      if (type !== undefined && type !== "route" && type !== "solve") throw new UsageError("--type must be route or solve");
      const events = await sluice.usage({ period, eventType: type, pageSize: 1000 }).toArray();
      if (flags.json) {
        json(events);
        return 0;
      }
      out(["created_at", "event_type", "status", "chain", "volume_usd", "tx_hash"].join("\t"));
      let total = 0;
      for (const e of events) {
        out([e.created_at, e.event_type, e.status, e.chain, e.volume_usd, e.tx_hash ?? ""].join("\t"));
        total += e.volume_usd;
      }
      out(`${events.length} events${period ? ` in ${period}` : ""}, ${Math.round(total * 100) / 100} USD`);
      return 0;
    }
    case "rebates": {
      const rows = await sluice.rebates({ period: stringFlag(flags, "period") });
      if (flags.json) {
        json(rows);
        return 0;
      }
      out(["period_start", "kind", "status", "volume_usd", "rebate_bps", "rebate_usd"].join("\t"));
      for (const r of rows) out([r.period_start, r.kind, r.status, r.volume_usd_exact ?? String(r.volume_usd), r.rebate_bps, r.rebate_usd_exact ?? String(r.rebate_usd)].join("\t"));
      out(`${rows.length} rows`);
      return 0;
    }
    case "account": {
      const account = await sluice.account();
      if (flags.json) {
        json(account);
        return 0;
      }
      out(`${account.name} (${account.slug}, ${account.id}): rebate ${account.rebate_bps} bps, ${account.rebate_active ? "active" : "inactive"}`);
      return 0;
    }
    case "tokens": {
      const limit = stringFlag(flags, "limit");
      const list = await sluice.tokens({ chain: chainFlag(flags), search: stringFlag(flags, "search"), limit: limit === undefined ? undefined : Number(limit) });
      if (flags.json) {
        json(list);
        return 0;
      }
      for (const t of list.tokens) out([t.symbol, t.address, t.decimals].join("\t"));
      out(`${list.count} tokens on ${list.chain}${list.source === "fallback" ? " (static fallback list)" : ""}`);
      return 0;
    }
    default:
      throw new UsageError(`unknown command ${command}\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, (error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`sluice: ${error.message}\n`);
    process.exitCode = 2;
  } else if (error instanceof SluiceApiError) {
    process.stderr.write(`sluice: ${error.request} failed: ${error.code} (${error.status}): ${error.message}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`sluice: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
});
