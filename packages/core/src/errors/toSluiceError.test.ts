/** Postgres errors become the right answer: real errors from a real Postgres, never a 500 for bad input. */
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toSluiceError } from "./onError.js";

const server = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: server });
  await client.connect();
});
afterAll(() => client?.end());

const failure = (text: string) => client.query(text).then(() => { throw new Error(`${text} did not fail`); }, (error: unknown) => error);

describe("toSluiceError maps Postgres errors", () => {
  it.each([
    ["an impossible date", "select '0000-01-01'::date"],
    ["30 February", "select '2026-02-30'::date"],
    ["a number out of range", "select 99999999999::int"],
    ["a malformed number", "select 'abc'::numeric"],
    ["a violated check", "do $$ begin raise check_violation; end $$"],
  ])("%s is a 400", async (_name, text) => {
    const error = toSluiceError(await failure(text));
    expect(error.code).toBe("MALFORMED_REQUEST");
    expect(error.status).toBe(400);
  });

  it("a duplicate is a CONFLICT", async () => {
    await client.query("create temp table once (id int primary key)");
    await client.query("insert into once values (1)");
    expect(toSluiceError(await failure("insert into once values (1)")).code).toBe("CONFLICT");
  });

  it("a cancelled statement or a lock not available is a 503", async () => {
    await client.query("set statement_timeout = 10");
    const cancelled = await failure("select pg_sleep(1)");
    await client.query("reset statement_timeout");
    expect(toSluiceError(cancelled)).toMatchObject({ code: "DEPENDENCY_DOWN", status: 503 });
    expect(toSluiceError(await failure("do $$ begin raise lock_not_available; end $$"))).toMatchObject({ code: "DEPENDENCY_DOWN" });
  });

  it("a bug (an unknown column) stays an internal error", async () => {
    expect(toSluiceError(await failure("select no_such_column from pg_class")).code).toBe("INTERNAL");
  });

  it("a connection cut under a client (its next queries, a transaction's rollback included) is a 503", async () => {
    // A TCP cut with no word from Postgres (as a network outage is): a proxy that drops both sides.
    const url = new URL(server);
    const sockets: Socket[] = [];
    const proxy = createServer((inbound) => {
      const outbound = connect(Number(url.port || 5432), url.hostname);
      sockets.push(inbound, outbound);
      inbound.pipe(outbound).pipe(inbound);
      inbound.on("error", () => {});
      outbound.on("error", () => {});
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const victim = new pg.Client({ connectionString: Object.assign(new URL(server), { host: `127.0.0.1:${(proxy.address() as AddressInfo).port}` }).toString() });
    victim.on("error", () => {});
    await victim.connect();
    await victim.query("begin");
    for (const socket of sockets) socket.destroy();
    const errors: unknown[] = [];
    for (const text of ["select 1", "rollback"]) errors.push(await victim.query(text).then(() => new Error("answered"), (error: unknown) => error));
    // The second is pg's "Client has encountered a connection error and is not queryable".
    expect(errors.map((e) => (e as Error).message)).toEqual([expect.any(String), expect.stringMatching(/not queryable/)]);
    expect(errors.map((e) => toSluiceError(e).code)).toEqual(["DEPENDENCY_DOWN", "DEPENDENCY_DOWN"]);
    await victim.end().catch(() => {});
    proxy.close();
  });
});
