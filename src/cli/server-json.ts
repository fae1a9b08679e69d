/**
 * npx tsx src/cli/server-json.ts [public URL]
 *
 * Prints the MCP Registry entry (server.json) of the deployment at the public URL (default: PUBLIC_URL): its
 * name is the host reversed (`https://directory.example.com` → `com.example.directory/launch-directory`), its one
 * remote `<public URL>/mcp` over Streamable HTTP. The repository's own server.json is this for the placeholder
 * host https://launch-directory.example (test/mcp/server-json.test.ts keeps the two equal).
 */
import { registryEntry } from '../mcp/server-card.js';

const publicUrl = process.argv[2] ?? process.env.PUBLIC_URL;
if (!publicUrl || !/^https?:\/\//.test(publicUrl)) {
  process.stderr.write('server-json: give the public URL (https://…) as the argument or in PUBLIC_URL\n');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(registryEntry(publicUrl), null, 2)}\n`);
