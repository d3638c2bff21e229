/**
 * What signing in may cost and leave behind: a valid key (a sandbox key in a front-end is public) signs in a bounded
 * number of times a minute, each sign-in ends the session the browser held, and the two sign-in forms do not void
 * each other's CSRF token.
 */
import { describe, expect, inject, it } from "vitest";
import { Redis } from "ioredis";
import {
  createPartner, csrfOf, OPERATOR_COOKIE, page, PARTNER_COOKIE, type PageResponse,
} from "@sluice/testkit";

/** Posts a sign-in form the way a browser holding `jar` does, and keeps what it sets in the jar. */
async function signIn(base: "/dashboard" | "/admin", secret: string, jar: Record<string, string> = {}): Promise<PageResponse> {
  const form = await page(`${base}/login`, { cookies: jar });
  Object.assign(jar, form.cookies);
  const answer = await page(`${base}/login`, { cookies: jar, form: { csrf: csrfOf(form.text), [base === "/dashboard" ? "key" : "token"]: secret } });
  Object.assign(jar, answer.cookies);
  return answer;
}

/** The dashboard sessions Redis holds for a key. */
async function sessionsOf(keyId: string): Promise<number> {
  const redis = new Redis(inject("stack").redisUrl);
  try {
    const keys = await redis.keys("sluice:dashboard:session:*");
    const values = keys.length ? await redis.mget(...keys) : [];
    return values.filter((v) => v && (JSON.parse(v) as { keyId?: string }).keyId === keyId).length;
  } finally {
    redis.disconnect();
  }
}

describe("partner sign-ins of one key", () => {
  it("a valid sandbox key signs in at most 10 times a minute: then 429 with Retry-After, and no more sessions are stored", async () => {
    const partner = await createPartner({ environment: "sandbox" });
    const statuses: number[] = [];
    let refused: PageResponse | undefined;
    for (let i = 0; i < 14; i++) {
      const answer = await signIn("/dashboard", partner.key); // a fresh browser each time: nothing ends the last session
      statuses.push(answer.status);
      if (answer.status === 429) refused ??= answer;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(303));
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    expect(refused!.text).toContain("too many sign-ins with this key");
    expect(refused!.cookies[PARTNER_COOKIE]).toBeUndefined();
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sessionsOf(partner.keyId)).toBeLessThanOrEqual(10);
    // Another key is not affected.
    expect((await signIn("/dashboard", (await createPartner({ environment: "sandbox" })).key)).status).toBe(303);
  });
});

describe("signing in again", () => {
  it("ends the session the browser held (partner and operator): the first token no longer opens a page", async () => {
    const partner = await createPartner();
    for (const [base, cookie, secret] of [
      ["/dashboard", PARTNER_COOKIE, partner.key], ["/admin", OPERATOR_COOKIE, inject("stack").adminToken],
    ] as const) {
      const jar: Record<string, string> = {};
      expect((await signIn(base, secret, jar)).status, base).toBe(303);
      const first = jar[cookie]!;
      expect((await page(base, { cookies: { [cookie]: first } })).status, base).toBe(200);
      expect((await signIn(base, secret, jar)).status, base).toBe(303);
      const second = jar[cookie]!;
      expect(second, base).not.toBe(first);
      expect((await page(base, { cookies: { [cookie]: first } })).status, base).toBe(303);
      expect((await page(base, { cookies: { [cookie]: second } })).status, base).toBe(200);
    }
    expect(await sessionsOf(partner.keyId)).toBe(1);
  });
});

describe("both sign-in forms open", () => {
  it("loading the operator sign-in page does not void the partner form's token, nor the other way round", async () => {
    const partner = await createPartner();
    for (const [first, second] of [["/dashboard", "/admin"], ["/admin", "/dashboard"]] as const) {
      const jar: Record<string, string> = {};
      const firstForm = await page(`${first}/login`, { cookies: jar });
      Object.assign(jar, firstForm.cookies);
      const secondForm = await page(`${second}/login`, { cookies: jar });
      Object.assign(jar, secondForm.cookies);
      const secret = (base: string): Record<string, string> => (base === "/dashboard" ? { key: partner.key } : { token: inject("stack").adminToken });
      const submitted = await page(`${first}/login`, { cookies: jar, form: { csrf: csrfOf(firstForm.text), ...secret(first) } });
      expect(submitted.status, first).toBe(303);
      Object.assign(jar, submitted.cookies);
      // The other form is still good, and neither token opens the other kind's form.
      expect((await page(`${second}/login`, { cookies: jar, form: { csrf: csrfOf(firstForm.text), ...secret(second) } })).status, second).toBe(403);
      const other = await page(`${second}/login`, { cookies: jar, form: { csrf: csrfOf(secondForm.text), ...secret(second) } });
      expect(other.status, second).toBe(303);
    }
  });
});
