import { chains, createDb, createRedis, setTokenQuality, type ChainName, type SetTokenQualityReturnType } from "@sluice/core";
import type { DevnetManifest } from "@sluice/devnet";

export type SeedTokenQualityParameters = {
  manifest: DevnetManifest;
  databaseUrl: string;
  /** The Upstash REST endpoint the workers use (the local bridge). */
  redisRestUrl: string;
  redisRestToken: string;
  /** Chains run as forks of a real chain: their scores are the registry's curated tokens at 100, not the manifest's. */
  forkedChains?: readonly ChainName[];
};

/**
 * Writes the devnet's token quality scores (the manifest stands in for the operator's data) into `token_quality`
 * through the operator's own operation, so the workers read them exactly as in production. A forked chain gets its
 * registry's curated tokens at 100 (a production deployment names its own).
 */
export async function seedTokenQuality({ manifest, databaseUrl, redisRestUrl, redisRestToken, forkedChains = [] }: SeedTokenQualityParameters): Promise<SetTokenQualityReturnType> {
  const { db, close } = createDb({ url: databaseUrl });
  try {
    const entries = Object.entries(manifest.chains).flatMap(([chain, c]) => forkedChains.includes(chain as ChainName)
      ? chains[chain as ChainName].curatedTokens.map((t) => ({ chain: chain as ChainName, token: t.address, score: 100 }))
      : c.tokens.map((t) => ({ chain: chain as ChainName, token: t.address, score: t.quality })));
    const redis = createRedis({ url: redisRestUrl, token: redisRestToken });
    return await setTokenQuality({ db, redis, entries, source: "devnet-manifest", updatedBy: "stack" });
  } finally {
    await close();
  }
}
