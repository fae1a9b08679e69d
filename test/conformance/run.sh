#!/usr/bin/env bash
# The official MCP conformance runner against this server (npm run conformance).
#  - the real service, on a throw-away embedded database with the demo data, for the scenarios that
#    apply to any server;
#  - the MCP binding over the real registry plus the runner's fixtures (src/mcp/dev-server.ts): the
#    `test_error_handling` tool, `test://static-text`, `test://template/{id}/data`, `test_simple_prompt`
#    and `test_prompt_with_arguments`, which those scenarios call by name.
# The runner is pinned (package.json) at 0.2.0-alpha.12, the first with the resources, prompts and caching
# scenarios of protocol 2026-07-28.
set -uo pipefail
cd "$(dirname "$0")/../.."
# The pinned dev dependency, or another version through npm exec (CONFORMANCE_VERSION=0.2.0-alpha.12).
if [ -n "${CONFORMANCE_VERSION:-}" ]; then
  RUNNER=(npm exec --yes -- "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION")
else
  RUNNER=(conformance)
fi
PORT_SERVICE=${PORT_SERVICE:-3201}
PORT_FIXTURE=${PORT_FIXTURE:-3202}
data=$(mktemp -d)
trap 'kill $service $fixture 2>/dev/null; rm -rf "$data"' EXIT

PORT=$PORT_SERVICE DATA_DIR=$data DATABASE_URL= PUBLIC_URL=http://localhost:$PORT_SERVICE tsx --experimental-async-context-frame --max-old-space-size=384 src/main.ts >"$data/service.log" 2>&1 &
service=$!
tsx src/mcp/dev-server.ts "$PORT_FIXTURE" --conformance-fixtures >"$data/fixture.log" 2>&1 &
fixture=$!
for _ in $(seq 1 360); do
  curl -sf "http://localhost:$PORT_SERVICE/api/v1/site" >/dev/null && curl -s -o /dev/null "http://localhost:$PORT_FIXTURE/mcp" && break
  sleep 0.5
done

status=0
run() {
  local url=$1 scenario=$2
  if "${RUNNER[@]}" server --url "$url" --scenario "$scenario" >"$data/$scenario.log" 2>&1; then
    echo "pass  $scenario"
  else
    echo "FAIL  $scenario"; tail -n 20 "$data/$scenario.log"; status=1
  fi
}
# Against the real service: scenarios that apply to any server, on its own tools, resources and prompts.
for scenario in server-initialize ping tools-list dns-rebinding-protection resources-list prompts-list \
  sep-2164-resource-not-found caching; do
  run "http://localhost:$PORT_SERVICE/mcp" "$scenario"
done
# SEP-2243's header checks (http-header-validation): the scenario calls the first tool tools/list names, anonymously;
# public tools are listed first (src/mcp/tool-selection.ts publicFirst).
run "http://localhost:$PORT_SERVICE/mcp" http-header-validation
# Against the binding with the runner's fixtures: scenarios that call a fixture tool, resource or prompt by name.
for scenario in tools-call-error resources-read-text resources-templates-read prompts-get-simple prompts-get-with-args \
  completion-complete; do
  run "http://localhost:$PORT_FIXTURE/mcp" "$scenario"
done
exit $status
