/**
 * Generated from the Sluice API's OpenAPI document (`GET /api/v1/openapi.json`) by openapi-typescript.
 * Do not edit: regenerate with `pnpm --filter @sluice/sdk generate:schema` against a running stack
 * (test/sdk/schema.test.ts fails when this file and the API differ).
 */
export interface paths {
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account that owns the API key */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bridge/chains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The chains bridging connects */
        get: operations["getBridgeChains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bridge/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A validated bridge quote: approvals and the deposit for the user's wallet
         * @description Every returned transaction is checked before it is returned: targets are canonical Across contracts of the origin chain, approvals are plain ERC20 approvals of the input token to that contract, the deposit's depositor, recipient, destination chain, tokens and amounts are the requested ones, refunds go to the depositor on the origin chain, the 10 bps app fee is paid to Sluice and disclosed, the quote has not expired and the approvals + deposit simulate successfully. A quote failing any check is refused and nothing is returned.
         */
        post: operations["postBridgeQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bridge/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A deposit's status, by origin transaction or by origin chain and deposit id
         * @description What the chains show: `filled` with the destination's fill of this deposit, `expired` once the fill deadline has passed on the destination, `refunded` with the origin's refund to the depositor; the bridge protocol's own answer is only a hint (its slowFillRequested is pending, slowFilled filled). Asked by `depositTxnRef` about a transaction holding several deposits (a wallet's batch), the answer is the deposit this account tracks in it; when it tracks none or several, the request is refused naming their ids: ask by originChainId and depositId. A deposit this account tracks is answered from the chains also when the protocol does not know it, by transaction or by id.
         */
        get: operations["getBridgeStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bridge/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The curated bridgeable tokens of a chain */
        get: operations["getBridgeTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bridge/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a submitted deposit for status reconciliation and volume attribution
         * @description Verifies on the origin chain that the transaction is a deposit through Across' canonical SpokePool by `depositor` to the requested destination and tokens, and records the chain's amounts (`amountInRaw` and `expectedOutRaw` are not trusted; in a transaction holding several deposits, the destination, tokens and `amountInRaw` pick which one is meant). Idempotent by deposit: tracking the same deposit again answers the same settlementId; each deposit of a batch is a settlement of its own. Only the account whose `/bridge/quote` produced the deposit may track it (within a day of the quote). A transaction that is not such a deposit, a deposit from another account's quote, or a deposit another account tracks, is NOT_FOUND.
         */
        post: operations["postBridgeTrack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Track the volume of a swap the user submitted with Sluice's calldata
         * @description For encode-only swaps (below the gasless minimum, or a dry run the user sent). Verifies on chain that the transaction is mined, succeeded, targeted the chain's executor, was sent by the permit's owner and that keccak256 of its input equals calldata Sluice encoded for the calling account; then counts the volume once. Confirming again answers the same and counts nothing more. A transaction encoded for another account answers NOT_FOUND; a gasless solve's transaction (already tracked from its receipt) answers CONFLICT.
         */
        post: operations["postConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rebates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's monthly rebate ledger, newest month first
         * @description Months not settled yet are `accrued` and follow the volume as it arrives, at the current rates; settlement, once the month has ended (UTC) and the deployment's grace period after it has passed (72 hours unless the operator sets `SETTLEMENT_GRACE_HOURS`), freezes them as `paid`.
         */
        get: operations["getRebates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/route": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote a same-chain swap
         * @description The best route (paths of up to 3 pools, split where that pays more) on the chain's latest state; `amountOutRaw` is exactly what the executor pays on that state. Executes nothing. When the swap is gasless-eligible the answer carries a ready-to-sign Permit2 `permit` whose spender is Sluice's executor. Below the chain's gasless minimum the answer is the `Swap too small` failure, which still carries the quote.
         */
        post: operations["postRoute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/solve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute a gasless swap from a signed Permit2 permit
         * @description Re-quotes on the latest state, verifies the permit (signature, token, amount, deadline, nonce, balance, Permit2 approval), simulates the executor call and sends it from Sluice's relayer, which pays the gas. `dryRun: true` encodes only. Below the chain's gasless minimum the answer is the `Swap too small` failure carrying encode-only calldata (`transaction` without `txHash`) for the user to submit, then `/confirm`; the same calldata comes with `Gasless paused` (`GASLESS_PAUSED`) for an owner three of whose gasless swaps on the chain reverted on chain within 24 hours, or four of whose gasless swaps on the chain are sent and not mined yet, and for a new wallet (none of whose gasless swaps on the chain succeeded in 30 days) of an account at least ten of whose gasless swaps on the chain reverted in the last day when they are more than 5 % of those it sent there. A permit's deadline must be at least 30 s and at most 30 days past the chain's latest block.
         */
        post: operations["postSolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tokens a chain's solver can route (public, no key) */
        get: operations["getTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's usage events, newest first
         * @description `total_volume_usd` is the exact sum over every event matching the filters, not only this page: quotes, dry runs and swaps alike. `totals_by_type` splits it by status; only `executed` solves (succeeded on chain, not test traffic) earn rebates.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's webhook endpoints, newest first (secrets are never shown again) */
        get: operations["getWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint; the answer carries its signing secret, shown only this once
         * @description Events are `POST`ed as JSON `{id, type, created_at, data}` (`data`: the object as the API answers it), signed `X-Sluice-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, with `X-Sluice-Event-Id`. Delivery is at least once: a non-2xx answer, a redirect or no answer within 10 s is retried with exponential backoff for 24 hours; deduplicate by event id. An endpoint whose attempts all fail for 24 hours is disabled.
         */
        post: operations["postWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook endpoint; nothing more is sent to it */
        delete: operations["deleteWebhooksId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The endpoint's most recent deliveries, newest first, with every attempt (status code, latency, error) */
        get: operations["getWebhooksIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the endpoint a `webhook.test` event now and answer how the attempt went
         * @description Signed and delivered like every event (a failed test is retried like any delivery). The answer shows the first attempt: `status_code`, `latency_ms`, `error`. One test of an endpoint at a time: while an earlier test is still pending (being sent or waiting for a retry) the answer is 409 `CONFLICT` naming it.
         */
        post: operations["postWebhooksIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Account: {
            /** @example acc_4t3jdpv4veh55g0czq94 */
            id: string;
            /** @example Acme Wallet */
            name: string;
            /** @description Whether rebates are active */
            rebate_active: boolean;
            /**
             * @description Configured rebate rate in basis points
             * @example 15
             */
            rebate_bps: number;
            /** @example acme */
            slug: string;
        };
        BridgeChain: {
            /** @example 8453 */
            chainId: number;
            explorerUrl: string;
            logoUrl: string;
            /** @example Base */
            name: string;
            publicRpcUrl: string;
        };
        BridgeDeposit: {
            depositId: string;
            depositTxHash: string;
            destinationChainId: number;
            /** @description Destination fill transaction, once filled */
            fillTx: string | null;
            /** @description Origin refund transaction, once refunded */
            refundTx: string | null;
            /** @enum {string} */
            status: "pending" | "filled" | "expired" | "refunded";
        };
        BridgeQuote: {
            approvalTxns: {
                chainId: number;
                data: string;
                to: string;
            }[];
            checks: {
                allowance: {
                    /** @description The current allowance */
                    balance: string;
                    expected: string;
                    spender: string;
                    token: string;
                };
                balance: {
                    balance: string;
                    expected: string;
                    token: string;
                };
            };
            /** @description Seconds Across expects the fill to take; 0 when Across gives none, or none plausible (negative, over a day) */
            expectedFillTime: number;
            expectedOutputAmount: string;
            fees: {
                /** @description Sluice's app fee: 10 bps of the output, in the output token */
                app: {
                    amount: string;
                    bps: number;
                    recipient: string;
                    token: components["schemas"]["BridgeToken"];
                };
                bridgeTotal: {
                    amount: string | null;
                    token: components["schemas"]["BridgeToken"];
                };
                /** @description In the destination chain's native token; null when Across gives no breakdown */
                destinationGas: {
                    amount: string | null;
                    token: components["schemas"]["BridgeToken"];
                };
                lp: {
                    amount: string | null;
                    token: components["schemas"]["BridgeToken"];
                };
                relayer: {
                    amount: string | null;
                    token: components["schemas"]["BridgeToken"];
                };
            };
            id: string;
            inputAmount: string;
            inputToken: components["schemas"]["BridgeToken"];
            minOutputAmount: string;
            outputToken: components["schemas"]["BridgeToken"];
            /** @description Unix seconds; re-quote at or after it */
            quoteExpiryTimestamp: number;
            recipient: string;
            refundAddress: string;
            refundOnOrigin: boolean;
            swapTx: {
                chainId: number;
                data: string;
                simulationSuccess: boolean;
                to: string;
                value: string;
            };
        };
        BridgeQuoteRequest: {
            /** @example 25000000 */
            amount: string;
            /** @description The user's wallet: signs the transactions and receives refunds */
            depositor: string;
            /** @example 42161 */
            destinationChainId: number;
            /**
             * @description Origin token address or symbol (curated set)
             * @example USDC
             */
            inputToken: string;
            /** @example 8453 */
            originChainId: number;
            /**
             * @description Destination token address or symbol (curated set)
             * @example USDC
             */
            outputToken: string;
            /** @description Destination recipient; defaults to the depositor, which must then be a key-held account (an EOA, or EIP-7702-delegated): a contract depositor must name it */
            recipient?: string;
            /**
             * @description A fraction of at most 0.5 (Across accepts no more), or "auto"
             * @default auto
             */
            slippage: number | "auto";
            /**
             * @default exactInput
             * @enum {string}
             */
            tradeType: "exactInput" | "minOutput" | "exactOutput";
        };
        BridgeToken: {
            address: string;
            chainId: number;
            decimals: number;
            name: string;
            symbol: string;
        };
        BridgeTrackRequest: {
            /** @example 25000000 */
            amountInRaw: string;
            depositor: string;
            destinationChainId: number;
            /** @example 25000000 */
            expectedOutRaw: string;
            inputToken: string;
            originChainId: number;
            originTxHash: string;
            outputToken: string;
            quoteId?: string;
            recipient: string;
        };
        ConfirmAnswer: {
            /** @enum {string} */
            chain: "ethereum" | "base" | "arbitrum" | "polygon";
            confirmations: {
                current: number;
                required: number;
            };
            /** @enum {boolean} */
            ok: true;
            /**
             * @description Beyond the interface: `executed` once the chain's confirmation depth is on top of the transaction (it then earns rebates); `pending` until then — it is counted by itself once deep enough, or never if a reorganisation drops it
             * @enum {string}
             */
            status: "executed" | "pending";
            /** @enum {boolean} */
            tracked: true;
            txHash: string;
            /** @description USD volume credited to the account that encoded the swap */
            volumeUsd: number;
        };
        ConfirmRequest: {
            /**
             * @example base
             * @enum {string}
             */
            chain: "ethereum" | "base" | "arbitrum" | "polygon";
            /** @example 0x5e1f6d1c0b9a8e7f6d5c4b3a29180706f5e4d3c2b1a09f8e7d6c5b4a39281706 */
            txHash: string;
        };
        CreateWebhookRequest: {
            /**
             * @description Event types to receive
             * @example [
             *       "swap.executed",
             *       "bridge.filled"
             *     ]
             */
            events: components["schemas"]["WebhookEventType"][];
            /**
             * @description Where events are posted: `https` on a public address (private, loopback, link-local, CGNAT, ULA and IPv4-mapped targets are refused, also after DNS resolution). Redirects are not followed.
             * @example https://partner.example/hooks/sluice
             */
            url: string;
        };
        Error: {
            /**
             * @description Machine-readable error code
             * @example MALFORMED_REQUEST
             */
            code: string;
            /**
             * @description Human-readable message naming what is wrong
             * @example amount: is required
             */
            error: string;
            /** @enum {boolean} */
            ok: false;
        };
        /** @description PermitTransferFrom without the spender (the chain's executor) */
        Permit: {
            /**
             * @description Unix seconds: at least 30 s and at most 30 days past the chain's latest block
             * @example 1767225600
             */
            deadline: string;
            /** @example 182371982371 */
            nonce: string;
            permitted: {
                /** @example 25000000 */
                amount: string;
                /** @example 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 */
                token: string;
            };
        };
        /** @description Ready-to-sign Permit2 PermitWitnessTransferFrom (EIP-712). Its nonce is also remembered for this account, so a plain PermitTransferFrom of the same input and nonce is accepted at /solve, bound to this quote's output token and minimum. */
        PermitTypedData: {
            domain: {
                chainId: number;
                /** @enum {string} */
                name: "Permit2";
                verifyingContract: string;
            };
            message: {
                /** @description Unix seconds */
                deadline: string;
                nonce: string;
                permitted: {
                    amount: string;
                    token: string;
                };
                /** @description Sluice's executor on this chain */
                spender: string;
                /** @description What the user receives, enforced by the executor: send it back as /solve's `witness` */
                witness: {
                    /** @description Raw; the quote's output less `slippageBps` (default 5) */
                    minAmountOut: string;
                    /** @description The request's `user`, or the zero address: whoever signs */
                    recipient: string;
                    tokenOut: string;
                };
            };
            /** @enum {string} */
            primaryType: "PermitWitnessTransferFrom";
            types: {
                [key: string]: {
                    name: string;
                    type: string;
                }[];
            };
        };
        Rebate: {
            /** @enum {string} */
            kind: "volume" | "referral";
            /** @enum {string} */
            period: "monthly";
            /**
             * @description First instant of the UTC month
             * @example 2026-11-01T00:00:00+00:00
             */
            period_start: string;
            /**
             * @description Rate applied, basis points
             * @example 15
             */
            rebate_bps: number;
            /**
             * @description Exactly volume_usd * rebate_bps / 10000 (not rounded)
             * @example 375
             */
            rebate_usd: number;
            /**
             * @description rebate_usd as an exact decimal string (volume_usd_exact * rebate_bps / 10000, every digit)
             * @example 375
             */
            rebate_usd_exact: string;
            /** @description On referral rows: the referred account */
            source_account_id?: string;
            /** @enum {string} */
            status: "accrued" | "paid";
            /**
             * @description Qualifying volume (non-test solves the chain shows succeeded), exact
             * @example 250000
             */
            volume_usd: number;
            /**
             * @description volume_usd as an exact decimal string: the number above is exact only up to about 15 significant digits
             * @example 250000
             */
            volume_usd_exact: string;
        };
        RouteAnswer: {
            /** @description Server-side compute time of the quote */
            computeMs: number;
            gaslessEligible: boolean;
            /** @description The chain's gasless minimum in USD */
            gaslessMinimumUsd: number;
            /** @enum {boolean} */
            ok: true;
            permit?: components["schemas"]["PermitTypedData"];
            quote: components["schemas"]["RouteQuote"];
        };
        RouteFailure: {
            code: string;
            computeMs: number;
            error: string;
            gaslessEligible: boolean;
            gaslessMinimumUsd?: number;
            /** @enum {boolean} */
            ok: false;
            permit?: components["schemas"]["PermitTypedData"] & unknown;
            quote?: components["schemas"]["RouteQuote"] & unknown;
        };
        RouteQuote: {
            /**
             * @description Input amount, human-readable
             * @example 25
             */
            amountIn: string;
            /**
             * @description Expected output, human-readable
             * @example 0.008331
             */
            amountOut: string;
            /** @description Expected output, raw integer: exactly what the executor pays on the quoted state */
            amountOutRaw: string;
            /** @description Primary pool: first pool of the split taking the largest share */
            poolAddress: string;
            /** @description Price impact in basis points, fees included */
            priceImpactBps: number;
            /** @example uniswap-v3 */
            protocol: string;
            /** @example 1 USDC = 0.00033324 WETH */
            rate: string;
            /** @description The input split across paths of up to 3 pools, executed in this order */
            route: {
                splits: {
                    amountIn: string;
                    amountOut: string;
                    hops: {
                        amountIn: string;
                        amountOut: string;
                        /** @description Pool fee in pips (3000 = 0.3%) */
                        fee: number;
                        pool: string;
                        protocol: string;
                        tokenIn: string;
                        tokenOut: string;
                    }[];
                }[];
            };
            /** @description USD value of the swap: its curated side's (WETH, WBTC, USDC, USDT, DAI; WPOL on Polygon); 0 between two uncurated tokens or with a token that is not listed. What rebates are paid on and the gasless minimum is measured against */
            volumeUsd: number;
        } & {
            [key: string]: unknown;
        };
        RouteRequest: {
            /**
             * @description Input amount in human-readable units: digits, optionally a point and 1 to 36 digits; at most 2^128 - 1 raw units
             * @example 25
             */
            amount: string;
            /**
             * @example base
             * @enum {string}
             */
            chain: "ethereum" | "base" | "arbitrum" | "polygon";
            /**
             * @description Input token symbol or address
             * @example USDC
             */
            from: string;
            /**
             * @description Input token contract address (recommended)
             * @example 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913
             */
            fromAddress?: string;
            /**
             * @description Input token decimals (recommended)
             * @example 6
             */
            fromDecimals?: number;
            /** @description Beyond the interface: the permit's minimum output is the quote less this (default 5) */
            slippageBps?: number;
            /**
             * @description Output token symbol or address
             * @example WETH
             */
            to: string;
            /**
             * @description Output token contract address (recommended)
             * @example 0x4200000000000000000000000000000000000006
             */
            toAddress?: string;
            /**
             * @description Output token decimals (recommended)
             * @example 18
             */
            toDecimals?: number;
            /** @description Beyond the interface: the swapper's wallet, made the permit's recipient (default: whoever signs) */
            user?: string;
        };
        SolveAnswer: {
            computeMs: number;
            gaslessEligible: boolean;
            /** @enum {boolean} */
            ok: true;
            quote: components["schemas"]["SwapQuote"];
            transaction: components["schemas"]["SwapTransaction"];
        };
        SolveFailure: {
            code: string;
            computeMs?: number;
            error: string;
            gaslessEligible?: boolean;
            /** @enum {boolean} */
            ok: false;
            quote?: components["schemas"]["SwapQuote"];
            transaction?: components["schemas"]["SwapTransaction"] & unknown;
        };
        SolveRequest: {
            /**
             * @description Input amount in human-readable units: digits, optionally a point and 1 to 36 digits; at most 2^128 - 1 raw units
             * @example 25
             */
            amount: string;
            /**
             * @example base
             * @enum {string}
             */
            chain: "ethereum" | "base" | "arbitrum" | "polygon";
            /** @description Encode only, submit nothing; default false */
            dryRun?: boolean;
            /** @example USDC */
            from: string;
            /** @example 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 */
            fromAddress?: string;
            /** @example 6 */
            fromDecimals?: number;
            permit: components["schemas"]["Permit"];
            /** @description 65-byte EIP-712 signature of the permit (0x and 130 hex digits) */
            signature: string;
            /** @description Maximum slippage; default 5 */
            slippageBps?: number;
            /** @example WETH */
            to: string;
            /** @example 0x4200000000000000000000000000000000000006 */
            toAddress?: string;
            /** @example 18 */
            toDecimals?: number;
            /** @description The swapper's wallet (the permit's signer) */
            user: string;
            /** @description The witness of /route's permit, exactly as signed: the swap then pays at least `minAmountOut` of `tokenOut` to `recipient` (the user when zero), enforced on chain. Without it the permit is a plain PermitTransferFrom, accepted only with a nonce /route issued to this account */
            witness?: {
                minAmountOut: string;
                recipient: string;
                tokenOut: string;
            };
        };
        SwapQuote: {
            amountIn: string;
            amountOut: string;
            amountOutRaw: string;
            priceImpactBps: number;
            protocol: string;
            rate: string;
            volumeUsd: number;
        } & {
            [key: string]: unknown;
        };
        SwapTransaction: {
            /** @enum {string} */
            chain: "ethereum" | "base" | "arbitrum" | "polygon";
            data: string;
            /** @description The chain's executor */
            to: string;
            /** @description Present only when Sluice submitted the transaction */
            txHash?: string;
            value: string;
        };
        Token: {
            /**
             * @description Token contract address (EIP-55)
             * @example 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913
             */
            address: string;
            /** @enum {string} */
            chain: "ethereum" | "base" | "arbitrum" | "polygon";
            /** @description A major asset (stablecoin, wrapped native, wrapped bitcoin…) */
            curated: boolean;
            /** @example 6 */
            decimals: number;
            /**
             * @description Upstream quality score; only 100 is served
             * @example 100
             */
            quality: number;
            /** @example USDC */
            symbol: string;
        };
        TokenList: {
            /** @enum {string} */
            chain: "ethereum" | "base" | "arbitrum" | "polygon";
            count: number;
            /** @enum {boolean} */
            ok: true;
            /**
             * @description `fallback`: the chain's solver is unreachable; the static curated list is served
             * @enum {string}
             */
            source: "indexed" | "fallback";
            tokens: components["schemas"]["Token"][];
        };
        UsageEvent: {
            /** @example base */
            chain: string;
            /**
             * @description When the event occurred (ISO 8601, UTC)
             * @example 2026-11-03T14:05:00.000Z
             */
            created_at: string;
            /** @enum {string} */
            event_type: "route" | "solve";
            /** @example evt_1m2n3p4q5r6s7t8v9w0x */
            id: string;
            /** @description Encode-only, not executed */
            is_dry_run: boolean;
            /** @description Operator-marked test traffic */
            is_test: boolean;
            /**
             * @description `quoted` (a route), `encoded` (a solve not confirmed on chain), `pending` (sent, awaiting its receipt), `executed` (succeeded on chain; only these earn rebates) or `failed` (reverted or dropped)
             * @example executed
             * @enum {string}
             */
            status: "quoted" | "encoded" | "pending" | "executed" | "failed";
            /**
             * @description The solve's transaction, once sent or confirmed
             * @example null
             */
            tx_hash: string | null;
            /**
             * @description USD volume, rounded to cents
             * @example 1234.56
             */
            volume_usd: number;
        };
        UsageTotals: {
            /** @description Solves encoded but not executed (dry runs, encode-only not confirmed) */
            encoded: number;
            /** @description Solves that succeeded on chain: the volume that earns rebates (unless test traffic) */
            executed: number;
            /** @description Solves that reverted or were dropped */
            failed: number;
            /** @description Gasless solves sent, awaiting their receipt */
            pending: number;
            /** @description Routes (quotes) */
            quoted: number;
        };
        WebhookAttempt: {
            attempt: number;
            attempted_at: string;
            /** @description Why the attempt failed; null when it succeeded (2xx) */
            error: string | null;
            latency_ms: number;
            /** @description The receiver's HTTP status; null when it did not answer */
            status_code: number | null;
        };
        WebhookDelivery: {
            attempts: components["schemas"]["WebhookAttempt"][];
            completed_at: string | null;
            created_at: string;
            /** @description Also sent as `X-Sluice-Event-Id`: the same event is never sent under another id */
            event_id: string;
            event_type: string;
            id: string;
            last_error: string | null;
            last_status_code: number | null;
            next_attempt_at: string | null;
            /**
             * @description `failed`: not delivered within 24 hours, or the endpoint was disabled
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed";
        };
        WebhookEndpoint: {
            created_at: string;
            disabled_at: string | null;
            disabled_reason: string | null;
            events: components["schemas"]["WebhookEventType"][];
            /** @description First failed attempt since the last success (ISO 8601); null while healthy */
            failing_since: string | null;
            /** @example whk_3k9x0m2n4p6q8r0s2t4v */
            id: string;
            /**
             * @description `disabled` after every attempt failed for 24 hours; `disabled_reason` says why
             * @enum {string}
             */
            status: "active" | "disabled";
            url: string;
        };
        /** @enum {string} */
        WebhookEventType: "swap.executed" | "swap.failed" | "swap.confirmed" | "bridge.filled" | "bridge.expired" | "bridge.refunded" | "rebate.settled";
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: components["schemas"]["Account"];
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBridgeChains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chains this deployment serves (of Ethereum, Base, Arbitrum and Polygon) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chains: components["schemas"]["BridgeChain"][];
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postBridgeQuote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BridgeQuoteRequest"];
            };
        };
        responses: {
            /** @description The validated quote */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        quote: components["schemas"]["BridgeQuote"];
                    };
                };
            };
            /** @description Error: MALFORMED_REQUEST, UNSUPPORTED_CHAIN */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNSUPPORTED_TOKEN, QUOTE_EXPIRED, SIMULATION_FAILED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UPSTREAM_ERROR */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBridgeStatus: {
        parameters: {
            query?: {
                depositId?: string;
                depositTxnRef?: string;
                /** @description 1 (Ethereum), 8453 (Base), 42161 (Arbitrum) or 137 (Polygon) */
                originChainId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deposit */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deposit: components["schemas"]["BridgeDeposit"];
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Error: MALFORMED_REQUEST, UNSUPPORTED_CHAIN */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UPSTREAM_ERROR */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBridgeTokens: {
        parameters: {
            query: {
                /** @description 1 (Ethereum), 8453 (Base), 42161 (Arbitrum) or 137 (Polygon) */
                chainId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bridgeable tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        tokens: components["schemas"]["BridgeToken"][];
                    };
                };
            };
            /** @description Error: MALFORMED_REQUEST, UNSUPPORTED_CHAIN */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postBridgeTrack: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BridgeTrackRequest"];
            };
        };
        responses: {
            /** @description The settlement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        settlementId: string;
                    };
                };
            };
            /** @description Error: MALFORMED_REQUEST, UNSUPPORTED_CHAIN */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNSUPPORTED_TOKEN */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UPSTREAM_ERROR */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmRequest"];
            };
        };
        responses: {
            /** @description The volume is tracked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfirmAnswer"];
                };
            };
            /** @description Error: MALFORMED_REQUEST, UNSUPPORTED_CHAIN */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: TRANSACTION_REJECTED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRebates: {
        parameters: {
            query?: {
                /** @description Only this UTC month's rows */
                period?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ledger rows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        rebates: components["schemas"]["Rebate"][];
                    };
                };
            };
            /** @description Error: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postRoute: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouteRequest"];
            };
        };
        responses: {
            /** @description The quote */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteAnswer"];
                };
            };
            /** @description Error: MALFORMED_REQUEST, UNSUPPORTED_CHAIN */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteFailure"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteFailure"];
                };
            };
            /** @description Error: UNSUPPORTED_TOKEN, NO_ROUTE, SWAP_TOO_SMALL, PRICE_IMPACT_TOO_HIGH */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteFailure"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteFailure"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteFailure"];
                };
            };
        };
    };
    postSolve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SolveRequest"];
            };
        };
        responses: {
            /** @description Submitted (with `txHash`) or, for a dry run, encoded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolveAnswer"];
                };
            };
            /** @description Error: MALFORMED_REQUEST, UNSUPPORTED_CHAIN */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolveFailure"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolveFailure"];
                };
            };
            /** @description Error: UNSUPPORTED_TOKEN, NO_ROUTE, SWAP_TOO_SMALL, PRICE_IMPACT_TOO_HIGH, PERMIT_INVALID, SIMULATION_FAILED, GASLESS_PAUSED, TRANSACTION_REJECTED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolveFailure"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolveFailure"];
                };
            };
            /** @description Error: UPSTREAM_ERROR */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolveFailure"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolveFailure"];
                };
            };
        };
    };
    getTokens: {
        parameters: {
            query?: {
                /** @description Chain whose routable tokens are listed */
                chain?: "ethereum" | "base" | "arbitrum" | "polygon";
                /** @description `tokenlist`: the same list in the Uniswap Token Lists standard, for wallets to import */
                format?: "json" | "tokenlist";
                /** @description Maximum results (default 100, maximum 500) */
                limit?: string;
                /** @description Symbol prefix or substring (case-insensitive), or contract address prefix (`0x…`) */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list (or, with `format=tokenlist`, a Uniswap token list) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenList"];
                };
            };
            /** @description Unchanged since the `ETag` given in `If-None-Match` */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description `next_cursor` of the previous page, to read further back */
                cursor?: string;
                event_type?: "route" | "solve";
                /** @description Events per page; default 100, maximum 1000 */
                limit?: string;
                /** @description Only events that occurred in this UTC month */
                period?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: components["schemas"]["UsageEvent"][];
                        /** @description Pass as `cursor` for the next page; null on the last */
                        next_cursor: string | null;
                        /** @enum {boolean} */
                        ok: true;
                        /** @description Sum over all matching events (quotes, dry runs and swaps alike), rounded to cents */
                        total_volume_usd: number;
                        totals_by_type: components["schemas"]["UsageTotals"];
                    };
                };
            };
            /** @description Error: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        webhooks: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description The endpoint and its signing secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        webhook: components["schemas"]["WebhookEndpoint"] & {
                            /** @description The signing secret (`whsec_…`); store it now, it is never shown again */
                            secret: string;
                        };
                    };
                };
            };
            /** @description Error: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UPSTREAM_ERROR */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string;
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhooksIdDeliveries: {
        parameters: {
            query?: {
                /** @description Deliveries to answer; default 50, maximum 100 */
                limit?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Error: MALFORMED_REQUEST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postWebhooksIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test delivery after its first attempt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Error: UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error: DEPENDENCY_DOWN */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
