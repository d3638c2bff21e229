import type { Hono } from "hono";
import { parseChainConfig, readChainStatus, type ChainName, type ChainStatus } from "@sluice/core";
import { Layout } from "../layout.js";
import type { PagesEnv } from "../pagesEnv.js";
import { renderPage } from "../render.js";
import { requireSession } from "../session.js";

function Chains({ rows }: { rows: ChainStatus[] }) {
  return (
    <>
      <p class="muted">Index progress is the block the stored pool graph is indexed through against the chain's head;
        the swap worker's cron refreshes it. Balances are the relayers' native balance (gas for gasless swaps).</p>
      <div class="table-wrap">
        <table id="chains-table">
          <thead><tr><th scope="col">Chain</th><th scope="col" class="num">Head</th><th scope="col" class="num">Indexed through</th>
            <th scope="col" class="num">Behind (blocks)</th><th scope="col">Relayers (native balance)</th></tr></thead>
          <tbody>
            {rows.length === 0 ? <tr><td colspan={5} class="muted">This deployment serves no chain.</td></tr> : null}
            {rows.map((r) => (
              <tr data-chain={r.chain}>
                <td>{r.chain}{r.error ? <span class="muted"> — {r.error}</span> : null}</td>
                <td class="num" data-field="head">{r.headBlock?.toString() ?? "unknown"}</td>
                <td class="num" data-field="indexed">{r.indexedBlock?.toString() ?? "not indexed"}</td>
                <td class="num">{r.lagBlocks?.toString() ?? "–"}</td>
                <td>{r.relayers.length === 0 ? <span class="muted">none</span> : (<>
                  <span class="muted">minimum {r.minBalanceEther}</span>
                  <ul>{r.relayers.map((relayer) => (
                    <li data-relayer={relayer.address}><code>{relayer.address}</code>: {relayer.balanceEther ?? "unknown"}
                      {relayer.outOfRotation ? <strong> — below the minimum, out of rotation</strong> : null}</li>
                  ))}</ul>
                </>)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** `GET /admin/chains`: each served chain's index progress and relayer balances. */
export function registerOperatorChains(pages: Hono<PagesEnv>) {
  pages.get("/chains", requireSession("operator"), async (c) => {
    const { chain, redis } = c.get("services");
    const names = Object.keys(parseChainConfig(c.get("config").SLUICE_CHAINS)) as ChainName[];
    const rows = await Promise.all(names.map((name) => readChainStatus(chain(name), redis)));
    return renderPage(c, (
      <Layout title="Chains" area="operator" current="/admin/chains" csrf={c.get("operator").csrf} who="operator">
        <Chains rows={rows} />
      </Layout>
    ));
  });
}
