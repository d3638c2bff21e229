/**
 * Token quality as data, from the operator's side: the admin API and `pnpm admin token-quality` write the scores the
 * token list reads, at once (no new block needed), and bad input writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { admin, adminCli, call, expectedTokens, faults, untilIndexed, withOutage, type ExpectedToken } from "@sluice/testkit";

const lower = (a: string) => a.toLowerCase();
const listed = async () => new Set((await call<{ tokens: { address: string }[] }>("/api/v1/tokens?chain=base&limit=500")).body.tokens.map((t) => lower(t.address)));
const stored = async (token: string) =>
  (await admin<{ tokens: { token: string; score: number; source: string; updatedBy: string }[] }>("/admin/v1/token-quality/base")).body.tokens.find((t) => t.token === lower(token));
/** Not a devnet token: importing it changes no list. */
const OUTSIDER = "0x00000000000000000000000000000000000051ce";
const tokenList = (tokens: unknown[]) => ({ name: "Ops Import", timestamp: "2026-11-01T00:00:00Z", version: { major: 1, minor: 0, patch: 0 }, tokens });

let junk: ExpectedToken;
beforeAll(async () => {
  await untilIndexed("base");
  const tokens = expectedTokens("base");
  // A low-quality token that passes every other rule, alone with its symbol: its score alone keeps it off the list.
  junk = tokens.find((t) => t.quality < 100 && t.poolCount > 0 && t.lastTradedDaysAgo < 3 && !t.curated
    && tokens.filter((o) => lower(o.symbol) === lower(t.symbol)).length === 1)!;
  expect(junk, "the scenario has a recent low-quality token").toBeDefined();
}, 200_000);
afterAll(async () => {
  if (junk) await admin(`/admin/v1/token-quality/base/${junk.address}`, { method: "PUT", body: { score: junk.quality } });
});

describe("token quality: admin API and CLI", () => {
  it("a token set to 100 through the API is on /tokens at once; set back through the CLI it is gone", async () => {
    expect((await listed()).has(lower(junk.address))).toBe(false);
    expect(await stored(junk.address)).toMatchObject({ score: junk.quality, source: "devnet-manifest" });

    const raised = await admin(`/admin/v1/token-quality/base/${junk.address}`, { method: "PUT", body: { score: 100 } });
    expect(raised).toMatchObject({ status: 200, body: { ok: true, cacheInvalidated: true, token: { token: lower(junk.address), score: 100, source: "operator", updatedBy: "admin-api" } } });
    expect((await listed()).has(lower(junk.address))).toBe(true);

    const lowered = await adminCli("token-quality", "set", "--chain", "base", "--token", junk.address, "--score", String(junk.quality));
    expect(lowered).toMatchObject({ code: 0, body: { ok: true, updated: 1, token: { score: junk.quality, updatedBy: "cli" } } });
    expect((await listed()).has(lower(junk.address))).toBe(false);
    const cliList = await adminCli("token-quality", "list", "--chain", "base", "--token", junk.address);
    expect(cliList.body.tokens).toEqual([expect.objectContaining({ token: lower(junk.address), score: junk.quality })]);
  });

  it("attack: a token lowered just before Postgres goes down is not listed while its score cannot be read", async () => {
    const path = `/admin/v1/token-quality/base/${junk.address}`;
    expect((await admin(path, { method: "PUT", body: { score: 100 } })).status).toBe(200);
    expect((await listed()).has(lower(junk.address))).toBe(true);
    expect((await admin(path, { method: "PUT", body: { score: junk.quality } })).status).toBe(200);
    await withOutage(faults.postgres, async () => {
      const response = await call<{ source: string; tokens: { address: string }[] }>("/api/v1/tokens?chain=base&limit=500");
      expect(response.status).toBe(200);
      expect(response.body.tokens.map((t) => lower(t.address))).not.toContain(lower(junk.address));
    });
    expect((await listed()).has(lower(junk.address))).toBe(false);
  });

  it("imports a Token Lists file through the API (default 100) and the CLI (--score)", async () => {
    const list = tokenList([
      { chainId: 8453, address: OUTSIDER, symbol: "OUT", name: "Outsider", decimals: 18 },
      { chainId: 10, address: OUTSIDER, symbol: "OUT", name: "Outsider", decimals: 18 },
    ]);
    const imported = await admin("/admin/v1/token-quality/import", { body: { list } });
    expect(imported).toMatchObject({ status: 200, body: { ok: true, name: "Ops Import", score: 100, imported: { base: 1 }, skipped: 1 } });
    expect(await stored(OUTSIDER)).toMatchObject({ score: 100, source: "token-list:Ops Import", updatedBy: "admin-api" });

    const file = join(mkdtempSync(join(tmpdir(), "sluice-list-")), "list.json");
    writeFileSync(file, JSON.stringify(list));
    expect(await adminCli("token-quality", "import", "--file", file, "--score", "7")).toMatchObject({ code: 0, body: { ok: true, score: 7, imported: { base: 1 } } });
    expect(await stored(OUTSIDER)).toMatchObject({ score: 7, updatedBy: "cli" });
  });

  it.each([
    ["PUT", `/base/${OUTSIDER}`, { score: 101 }, "score:"],
    ["PUT", `/base/${OUTSIDER}`, { score: "100" }, "score:"],
    ["PUT", `/base/${OUTSIDER}`, {}, "score: is required"],
    ["PUT", `/base/${OUTSIDER}`, { score: 1, extra: 1 }, "unknown field 'extra'"],
    ["PUT", `/solana/${OUTSIDER}`, { score: 100 }, "chain:"],
    ["PUT", "/base/0x1234", { score: 100 }, "token: must be a 0x-prefixed 20-byte hex address"],
    ["POST", "/import", { list: tokenList([{ chainId: 8453, address: "0x12", symbol: "X", name: "X", decimals: 18 }]) }, "list.tokens.0.address"],
    ["POST", "/import", { list: tokenList([]) }, "list.tokens"],
    ["POST", "/import", { list: tokenList([{ chainId: 8453, address: OUTSIDER, symbol: "X", name: "X", decimals: 18 }]), score: -1 }, "score:"],
    ["POST", "/import", { score: 100 }, "list: is required"],
  ])("%s %s %j → 400 naming the field, nothing written", async (method, path, body, message) => {
    const before = await stored(OUTSIDER);
    const response = await admin(`/admin/v1/token-quality${path}`, { method, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST" });
    expect(response.body.error).toContain(message);
    expect(await stored(OUTSIDER)).toEqual(before);
  });

  it("the CLI refuses bad input with a JSON error naming the option, exit 1, nothing written", async () => {
    const before = await stored(OUTSIDER);
    const bad = join(mkdtempSync(join(tmpdir(), "sluice-list-")), "bad.json");
    writeFileSync(bad, "{ not json");
    for (const [args, message] of [
      [["set", "--chain", "base", "--token", OUTSIDER, "--score", "101"], "--score: must be a whole number from 0 to 100"],
      [["set", "--chain", "solana", "--token", OUTSIDER, "--score", "1"], "--chain: must be one of"],
      [["import", "--file", bad], "is not JSON"],
      [["list"], "--chain is required"],
      [["delete"], "the action must be set, import or list"],
    ] as const) {
      const result = await adminCli("token-quality", ...args);
      expect(result, args.join(" ")).toMatchObject({ code: 1, body: { ok: false, code: "MALFORMED_REQUEST", error: expect.stringContaining(message) } });
    }
    expect(await stored(OUTSIDER)).toEqual(before);
  });

  it("needs the admin token", async () => {
    expect((await call("/admin/v1/token-quality/base")).status).toBe(401);
    expect((await call(`/admin/v1/token-quality/base/${OUTSIDER}`, { method: "PUT", body: { score: 100 } })).status).toBe(401);
  });
});
