#!/usr/bin/env bash
# Runs workerd as Miniflare would (same arguments, configuration on stdin), with the V8 flags of
# SLUICE_WORKERD_V8_FLAGS added to that configuration. startWrangler points Miniflare here through
# MINIFLARE_WORKERD_PATH and names the real binary in SLUICE_WORKERD_BINARY. Why: docs/workerd-livelock.md.
#
# `exec` keeps the process id Miniflare started, so its SIGKILL on shutdown reaches workerd itself; the
# configuration is rewritten on the way in by a process substitution that reads the original stdin.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec "$SLUICE_WORKERD_BINARY" "$@" < <(cd "$here" && exec node --import tsx addV8FlagsCli.ts)
