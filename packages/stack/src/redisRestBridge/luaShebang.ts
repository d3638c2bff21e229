import { createHash } from "node:crypto";

/**
 * `@upstash/ratelimit` (≥ 2.1) starts its Lua scripts with `#!lua flags=allow-key-locking`, a flag Upstash
 * understands and Redis 7.0 rejects ("Unexpected flag in script shebang"). We drop the flags Redis 7.0 does not
 * know, keeping the `#!lua` line itself so line numbers in script errors stay the same.
 *
 * The client addresses scripts by the SHA-1 of the text *it* sent, while Redis caches the rewritten text under
 * another SHA-1, so we remember original → rewritten SHAs and translate EVALSHA / SCRIPT EXISTS. An unknown SHA
 * (e.g. after a restart of the bridge) gives NOSCRIPT, on which both clients fall back to EVAL.
 */

const FLAGS_KNOWN_TO_REDIS_7_0 = new Set(["no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"]);

export function sha1Hex(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}

export function dropUnknownShebangFlags(script: string): string {
  const lineEnd = script.indexOf("\n");
  const firstLine = lineEnd === -1 ? script : script.slice(0, lineEnd);
  const match = /^#!lua\s+flags=(\S*)\s*$/.exec(firstLine);
  if (!match) return script;
  const kept = (match[1] ?? "").split(",").filter((flag) => FLAGS_KNOWN_TO_REDIS_7_0.has(flag));
  const shebang = kept.length > 0 ? `#!lua flags=${kept.join(",")}` : "#!lua";
  return shebang + script.slice(firstLine.length);
}

export type PreparedCommand = {
  args: string[];
  /** Replaces a successful reply (SCRIPT LOAD answers with the SHA the client computed, not Redis's). */
  mapReply?: (reply: unknown) => unknown;
};

export class ScriptShaMap {
  private readonly rewrittenShaByOriginal = new Map<string, string>();

  /** Rewrites script-carrying commands so Redis 7.0 accepts them; other commands pass through unchanged. */
  prepare(args: string[]): PreparedCommand {
    const name = (args[0] ?? "").toUpperCase();
    const sub = (args[1] ?? "").toUpperCase();
    if ((name === "EVAL" || name === "EVAL_RO") && args[1] !== undefined) {
      return { args: [args[0]!, this.rewrite(args[1]), ...args.slice(2)] };
    }
    if ((name === "EVALSHA" || name === "EVALSHA_RO") && args[1] !== undefined) {
      return { args: [args[0]!, this.translate(args[1]), ...args.slice(2)] };
    }
    if (name === "SCRIPT" && sub === "LOAD" && args[2] !== undefined) {
      const originalSha = sha1Hex(args[2]);
      return { args: [args[0]!, args[1]!, this.rewrite(args[2])], mapReply: () => Buffer.from(originalSha) };
    }
    if (name === "SCRIPT" && sub === "EXISTS") {
      return { args: [args[0]!, args[1]!, ...args.slice(2).map((sha) => this.translate(sha))] };
    }
    return { args };
  }

  private rewrite(script: string): string {
    const rewritten = dropUnknownShebangFlags(script);
    if (rewritten !== script) this.rewrittenShaByOriginal.set(sha1Hex(script), sha1Hex(rewritten));
    return rewritten;
  }

  private translate(sha: string): string {
    return this.rewrittenShaByOriginal.get(sha.toLowerCase()) ?? sha;
  }
}
