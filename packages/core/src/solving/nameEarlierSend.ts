import type { Address } from "viem";
import type { AuthenticatedKey } from "../auth/authenticateApiKey.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { Services } from "../http/env.js";
import { PermitBeingSpentError, PermitNonceUsedError } from "../permit/permitSpentErrors.js";
import { redisKeys } from "../redis/redisKeys.js";
import { findEarlierSolveHash } from "./findEarlierSolveHash.js";

export type NameEarlierSendParameters = { services: Services; auth: AuthenticatedKey; chainId: number };

/**
 * A retried solve of a permit an earlier gasless solve of the same account already sent — its answer lost on the way
 * — is refused as before (PERMIT_INVALID: the permit is spent or being spent), but naming that solve's transaction
 * (`txHash`), so the partner can follow the swap instead of losing track of it. The earlier solve is the one holding
 * the permit's send claim (`claimPermitForSend`, kept until an hour past the permit's deadline). Any other error, or
 * no transaction found for this account, is answered unchanged.
 */
export async function nameEarlierSend({ services, auth, chainId }: NameEarlierSendParameters, error: unknown): Promise<unknown> {
  if (!(error instanceof PermitBeingSpentError || error instanceof PermitNonceUsedError)) return error;
  const holder = error instanceof PermitBeingSpentError
    ? error.holder
    : await services.redis.get<string>(redisKeys.permitClaim(chainId, error.owner as Address, error.nonce)).then((v) => (v === null ? undefined : String(v)), () => undefined);
  if (!holder) return error;
  const txHash = await findEarlierSolveHash({ redis: services.redis, db: services.db, eventId: holder, accountId: auth.accountId }).catch(() => undefined);
  if (!txHash) return error;
  return new SluiceError("PERMIT_INVALID", `${error.message}: an earlier solve of this account sent it as transaction ${txHash}`, {
    hint: "follow that transaction (its receipt, /usage or the swap webhooks); a new swap needs a new permit", body: { txHash },
  });
}
