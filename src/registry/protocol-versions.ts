/** The stateless revision: `server/discover`, and a per-request `_meta` envelope instead of `initialize`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/**
 * The MCP protocol revisions served at one address (the MCP binding serves them, get_site_info
 * reports them, so they live below both): 2026-07-28 (stateless, `server/discover`, per-request `_meta`)
 * and the initialize-based 2025 revisions. A 2025-era client asking for anything else is offered the
 * first 2025 entry, as the `initialize` handshake prescribes.
 */
export const PROTOCOL_VERSIONS = [MODERN_PROTOCOL_VERSION, '2025-11-25', '2025-06-18', '2025-03-26'];
