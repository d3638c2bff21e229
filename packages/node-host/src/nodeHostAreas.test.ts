import { describe, expect, it } from "vitest";
import { areaSettings } from "./areaSettings.js";
import { nodeHostAreas } from "./nodeHostAreas.js";
import { readWranglerConfig } from "./readWranglerConfig.js";
import { REPO_ROOT } from "./startNodeHost.js";

const deployments = nodeHostAreas().map((area) => ({ ...area, wrangler: readWranglerConfig(REPO_ROOT, area.config) }));
const anySecret = new Set(deployments.flatMap((d) => d.wrangler.secrets));
const byName = new Map(deployments.map((d) => [d.wrangler.name, d]));
const settings = {
  DATABASE_URL: "postgres://127.0.0.1/sluice", REDIS_URL: "redis://127.0.0.1:6379/1", SLUICE_ENVIRONMENT: "production",
  RELAYER_PRIVATE_KEYS: `0x${"01".repeat(32)}`, ADMIN_TOKEN: "admin-token-of-at-least-32-characters", WEBHOOK_SIGNING_KEY: "0".repeat(64), SLUICE_TOKEN_QUALITY: "{}", UNRELATED: "x",
};
const envOf = (name: string) => {
  const d = byName.get(name)!;
  return areaSettings({ schema: d.schema, wrangler: d.wrangler, anySecret, settings });
};

describe("the Node host's deployments are the wrangler.toml files'", () => {
  it("runs every deployment once, and every service binding names one of them (entrypoints included)", () => {
    expect([...byName.keys()].sort()).toEqual([
      "sluice-bridge", "sluice-gateway", "sluice-reporting", "sluice-sandbox", "sluice-swap", "sluice-swap-sandbox", "sluice-tokens",
    ]);
    for (const d of deployments) {
      for (const service of d.wrangler.services) {
        const target = byName.get(service.service);
        expect(target, `${d.wrangler.name} → ${service.service}`).toBeDefined();
        if (service.entrypoint) expect(target!.entrypoints?.[service.entrypoint]).toBeTypeOf("function");
      }
    }
  });

  it("has a scheduled handler exactly where wrangler.toml has crons (swap, reporting, bridge)", () => {
    const scheduled = deployments.filter((d) => d.scheduled).map((d) => d.wrangler.name).sort();
    const withCrons = deployments.filter((d) => d.wrangler.crons.length > 0).map((d) => d.wrangler.name).sort();
    expect(scheduled).toEqual(withCrons);
    expect(withCrons).toEqual(["sluice-bridge", "sluice-reporting", "sluice-swap"]);
    expect(byName.get("sluice-reporting")!.wrangler.crons).toContain("0 0 1 * *");
  });
});

describe("areaSettings: each area gets what wrangler gives it", () => {
  it("the sandbox's swap never gets the relayer keys, and serves as the sandbox whatever the process says", () => {
    expect(envOf("sluice-swap").RELAYER_PRIVATE_KEYS).toBe(settings.RELAYER_PRIVATE_KEYS);
    expect(envOf("sluice-swap-sandbox").RELAYER_PRIVATE_KEYS).toBeUndefined();
    expect(envOf("sluice-swap-sandbox").SLUICE_ENVIRONMENT).toBe("sandbox");
    expect(envOf("sluice-sandbox").SLUICE_ENVIRONMENT).toBe("sandbox");
    expect(envOf("sluice-swap").SLUICE_ENVIRONMENT).toBe("production");
  });

  it("the admin token reaches reporting only", () => {
    expect(envOf("sluice-reporting").ADMIN_TOKEN).toBe(settings.ADMIN_TOKEN);
    for (const name of ["sluice-swap", "sluice-tokens", "sluice-bridge", "sluice-sandbox", "sluice-swap-sandbox"]) {
      expect(envOf(name).ADMIN_TOKEN, name).toBeUndefined();
    }
  });

  it("settings no schema declares reach no area; REDIS_URL reaches every area with settings; the gateway gets none", () => {
    for (const d of deployments) expect(envOf(d.wrangler.name).UNRELATED).toBeUndefined();
    for (const d of deployments.filter((d) => d.schema)) expect(envOf(d.wrangler.name).REDIS_URL).toBe(settings.REDIS_URL);
    expect(envOf("sluice-gateway")).toEqual({});
  });

  it("a Neon URL is reached over TCP (pg) unless DATABASE_DRIVER says otherwise: Node 20 has no WebSocket for Neon's driver", () => {
    const neon = { ...settings, DATABASE_URL: "postgres://user:secret@ep-cool-name-123.eu-central-1.aws.neon.tech/sluice?sslmode=require" };
    for (const d of deployments.filter((d) => d.schema)) {
      expect(areaSettings({ schema: d.schema, wrangler: d.wrangler, anySecret, settings: neon }).DATABASE_DRIVER, d.wrangler.name).toBe("pg");
      expect(areaSettings({ schema: d.schema, wrangler: d.wrangler, anySecret, settings: { ...neon, DATABASE_DRIVER: "neon" } }).DATABASE_DRIVER).toBe("neon");
    }
  });

  it("each area's settings pass its worker's own schema", () => {
    for (const d of deployments.filter((d) => d.schema)) {
      const parsed = d.schema!.safeParse(envOf(d.wrangler.name));
      expect(parsed.success, `${d.wrangler.name}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(true);
    }
  });
});
