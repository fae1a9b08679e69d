/**
 * The MCP protocol revisions served at one address (the MCP binding serves them, get_site_info
 * reports them, so they live below both): 2026-07-28 (stateless, `server/discover`, per-request `_meta`)
 * and the initialize-based 2025 revisions. A 2025-era client asking for anything else is offered the
 * first 2025 entry, as the `initialize` handshake prescribes.
 */
export const PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'];
