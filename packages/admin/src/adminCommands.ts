import { parseArgs } from "node:util";
import { z } from "zod";
import {
  createAccount, CreateAccountBody, findAccount, issueApiKey, IssueKeyBody, listAdminActions, listApiKeys, markEventsAsTest, readIndexStatus, reviewRoundTrips, revokeApiKey, settleMonth, updateAccount, UpdateAccountBody,
  SluiceError, type Database, type Redis,
} from "@sluice/core";
import { indexCommand, indexUsage } from "./indexCommand.js";
import { parseOptions } from "./parseOptions.js";
import { tokenQualityCommand, tokenQualityUsage } from "./tokenQualityCommand.js";

export type AdminContext = {
  db: Database; redis: () => Redis;
  /** The deployment's SLUICE_CHAINS (environment, else the local stack's), for the chain commands. */
  sluiceChains?: string;
};

type Command = {
  usage: string;
  run: (args: string[], ctx: AdminContext) => Promise<unknown>;
  /** Whether this run changes something an operator answers for (recorded in the audit trail, `recordAdminAction`). */
  changes?: (args: string[]) => boolean;
};

const always = () => true;

const int = (value: string | undefined, field: string, min = 0, max = 10_000): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new SluiceError("MALFORMED_REQUEST", `${field}: must be a whole number`);
  const n = Number(value);
  // The admin API's bounds (basis points 0–10,000; a key's rate 1–1,000,000 a minute: 0 would refuse every request),
  // said in the option's words; the API's body schema (`parseOptions`) checks them again with everything else.
  if (n < min || n > max) throw new SluiceError("MALFORMED_REQUEST", `${field}: must be between ${min} and ${max}`);
  return n;
};
const bool = (value: string | undefined, field: string): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw new SluiceError("MALFORMED_REQUEST", `${field}: must be true or false`);
  return value === "true";
};
/** As the admin API: a time with its offset (`2026-11-01T00:00:00Z`); without one it would be the operator's local time. */
const isoWithOffset = z.iso.datetime({ offset: true });
const date = (value: string | undefined, field: string): Date | undefined => {
  if (value === undefined) return undefined;
  if (!isoWithOffset.safeParse(value).success) {
    throw new SluiceError("MALFORMED_REQUEST", `${field}: must be an ISO 8601 time with an offset, such as 2026-11-01T00:00:00Z`);
  }
  return new Date(value);
};
/** The option that sets each field of the admin API's account and key bodies, for errors that name it. */
const accountOptions = { slug: "--slug", name: "--name", rebateBps: "--rebate-bps", rebateActive: "--active", referrerSlug: "--referrer", referralBps: "--referral-bps" };
const keyOptions = { environment: "--sandbox", isTest: "--test", name: "--name", rateLimitPerMinute: "--rate-limit" };
function parse(args: string[], options: NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>["options"]>) {
  return parseArgs({ args, options, allowPositionals: true, strict: true });
}

/** The operator's commands. Each prints JSON; the admin API exposes the same operations over HTTP. */
export const adminCommands: Record<string, Command> = {
  "create-account": {
    changes: always,
    usage: "create-account --slug SLUG --name NAME [--rebate-bps N] [--active true|false] [--referrer SLUG --referral-bps N]",
    run: async (args, { db }) => {
      const { values } = parse(args, {
        slug: { type: "string" }, name: { type: "string" }, "rebate-bps": { type: "string" },
        active: { type: "string" }, referrer: { type: "string" }, "referral-bps": { type: "string" },
      });
      return { account: await createAccount(db, parseOptions(CreateAccountBody, {
        slug: values.slug, name: values.name,
        rebateBps: int(values["rebate-bps"] as string, "--rebate-bps"),
        rebateActive: bool(values.active as string, "--active"),
        referrerSlug: values.referrer,
        referralBps: int(values["referral-bps"] as string, "--referral-bps"),
      }, accountOptions)) };
    },
  },
  "get-account": {
    usage: "get-account ACCOUNT",
    run: async ([account], { db }) => ({ account: await findAccount(db, required(account, "ACCOUNT")) }),
  },
  "update-account": {
    changes: always,
    usage: "update-account ACCOUNT [--name NAME] [--rebate-bps N] [--active true|false] [--referrer SLUG|none] [--referral-bps N]",
    run: async (args, { db }) => {
      const { values, positionals } = parse(args, {
        name: { type: "string" }, "rebate-bps": { type: "string" }, active: { type: "string" },
        referrer: { type: "string" }, "referral-bps": { type: "string" },
      });
      const referrer = values.referrer as string | undefined;
      return { account: await updateAccount(db, required(positionals[0], "ACCOUNT"), parseOptions(UpdateAccountBody, {
        name: values.name,
        rebateBps: int(values["rebate-bps"] as string, "--rebate-bps"),
        rebateActive: bool(values.active as string, "--active"),
        referrerSlug: referrer === "none" ? null : referrer,
        referralBps: int(values["referral-bps"] as string, "--referral-bps"),
      }, accountOptions)) };
    },
  },
  "issue-key": {
    changes: always,
    usage: "issue-key ACCOUNT [--sandbox] [--test] [--name NAME] [--rate-limit PER_MINUTE]",
    run: async (args, { db }) => {
      const { values, positionals } = parse(args, {
        sandbox: { type: "boolean" }, test: { type: "boolean" }, name: { type: "string" }, "rate-limit": { type: "string" },
      });
      const account = required(positionals[0], "ACCOUNT");
      return issueApiKey(db, { account, ...parseOptions(IssueKeyBody, {
        environment: values.sandbox ? "sandbox" : "production",
        isTest: Boolean(values.test),
        name: values.name,
        rateLimitPerMinute: int(values["rate-limit"] as string, "--rate-limit", 1, 1_000_000),
      }, keyOptions) });
    },
  },
  "list-keys": {
    usage: "list-keys ACCOUNT",
    run: async ([account], { db }) => ({ keys: await listApiKeys(db, required(account, "ACCOUNT")) }),
  },
  "revoke-key": {
    changes: always,
    usage: "revoke-key KEY_ID",
    run: async ([keyId], { db, redis }) => ({ key: await revokeApiKey(db, redis(), required(keyId, "KEY_ID")) }),
  },
  "mark-test": {
    changes: always,
    usage: "mark-test ACCOUNT [--event ID ...] [--from ISO --to ISO] [--unmark]",
    run: async (args, { db }) => {
      const { values, positionals } = parse(args, {
        event: { type: "string", multiple: true }, from: { type: "string" }, to: { type: "string" }, unmark: { type: "boolean" },
      });
      return markEventsAsTest(db, {
        account: required(positionals[0], "ACCOUNT"),
        eventIds: values.event as string[] | undefined,
        from: date(values.from as string, "--from"),
        to: date(values.to as string, "--to"),
        isTest: !values.unmark,
      });
    },
  },
  "index-status": {
    usage: "index-status   (each chain's pool index: phase, percent, block reached of target, pools found and loaded)",
    run: async (_args, { redis, sluiceChains }) => ({ chains: await readIndexStatus({ redis: redis(), sluiceChains }) }),
  },
  "index": { usage: indexUsage, run: indexCommand },
  "settle": {
    changes: (args) => !args.includes("--preview"),
    usage: "settle --month YYYY-MM [--preview]   (close a UTC month that has ended: its rebate rows become paid)",
    run: async (args, { db }) => {
      const { values } = parse(args, { month: { type: "string" }, preview: { type: "boolean" } });
      return { settlement: await settleMonth(db, { month: required(values.month as string | undefined, "--month"), preview: Boolean(values.preview) }) };
    },
  },
  "volume-review": {
    usage: "volume-review --month YYYY-MM [--top N]   (per account: the month's rebate volume one owner swapped both ways through one pair)",
    run: async (args, { db }) => {
      const { values } = parse(args, { month: { type: "string" }, top: { type: "string" } });
      return reviewRoundTrips(db, { month: required(values.month as string | undefined, "--month"), top: int(values.top as string, "--top", 1, 100) });
    },
  },
  "audit": {
    usage: "audit [--limit N] [--before ACTION-ID]   (what operators changed, newest first: admin API, operator pages, this CLI)",
    run: async (args, { db }) => {
      const { values } = parse(args, { limit: { type: "string" }, before: { type: "string" } });
      const before = values.before as string | undefined;
      return { actions: await listAdminActions(db, { limit: int(values.limit as string, "--limit", 1, 500) ?? 100, ...(before ? { before } : {}) }) };
    },
  },
  "token-quality": { usage: tokenQualityUsage.join("\n  "), run: tokenQualityCommand, changes: ([action]) => action === "set" || action === "import" },
};

function required(value: string | undefined, name: string): string {
  if (!value) throw new SluiceError("MALFORMED_REQUEST", `${name} is required`);
  return value;
}

export function adminUsage(): string {
  return ["Usage: pnpm admin <command> [options]", "", ...Object.values(adminCommands).map((c) => `  ${c.usage}`),
    "  doctor   (check the deployment's configuration against its stores and chains; one line per check)",
    "  deploy-executor --admin 0x… [--relayers 0x…,0x…] [--chains base,ethereum] [--salt 0x…]   (key: EXECUTOR_DEPLOYER_KEY; chains: SLUICE_CHAINS)"].join("\n");
}
