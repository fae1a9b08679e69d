import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';
import { directoryCounts, directoryCountsSchema } from '../src/catalogue/directory-counts.js';
import { PROTOCOL_VERSIONS } from '../src/registry/protocol-versions.js';

export default defineTool({
  name: 'get_site_info',
  title: 'About this directory',
  toolset: 'directory',
  description:
    "This directory's name, purpose, live listing and category counts, and the addresses of its REST API, OpenAPI document, API reference, MCP endpoint and OAuth metadata. Call it first to explain the service or find an address.",
  http: { method: 'GET', path: '/site', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({}),
  output: z.object({
    name: z.string(),
    purpose: z.string(),
    counts: directoryCountsSchema,
    urls: z.object({
      website: z.string(),
      api_base: z.string(),
      openapi: z.string(),
      docs: z.string(),
      mcp: z.string(),
      oauth_authorization_server_metadata: z.string(),
      oauth_protected_resource_metadata: z.object({ mcp: z.string(), api: z.string() }),
    }),
    mcp_protocol_versions: z.array(z.string()),
    time_zone: z.string().describe('Launch weeks run Monday 00:00 to Sunday 23:59:59 in this time zone'),
    seller_country: z.string().describe("The seller's country, for VAT"),
    data_refresh: z.string(),
    voting: z.string(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services }) {
    const { db, config } = services;
    const [settings, counts] = await Promise.all([loadSiteSettings(db), directoryCounts(db)]);
    const base = config.publicUrl;
    return {
      name: settings.site_name,
      purpose: settings.site_purpose,
      counts,
      urls: {
        website: base,
        api_base: `${base}/api/v1`,
        openapi: `${base}/api/v1/openapi.json`,
        docs: `${base}/docs`,
        mcp: `${base}/mcp`,
        oauth_authorization_server_metadata: `${base}/.well-known/oauth-authorization-server`,
        oauth_protected_resource_metadata: {
          mcp: `${base}/.well-known/oauth-protected-resource/mcp`,
          api: `${base}/.well-known/oauth-protected-resource/api/v1`,
        },
      },
      mcp_protocol_versions: PROTOCOL_VERSIONS,
      time_zone: settings.time_zone,
      seller_country: settings.seller_country,
      data_refresh: 'Site data (counters, Domain Rating, trending) is refreshed daily.',
      voting: 'There is no voting through the API: votes come only from people on the site, and awards follow community votes only.',
    };
  },
});
