/** A claim as the claim operations answer it (the published schema, shared by claim_listing, verify_claim and list_my_claims). */
import { z } from 'zod';
import { CLAIM_METHODS, CLAIM_STATUSES } from '../db/entities/claim.js';
import { isoDateTime } from '../schema.js';

export const claimSchema = z.object({
  id: z.number().int(),
  listing_slug: z.string(),
  listing_name: z.string(),
  method: z.enum(CLAIM_METHODS),
  status: z.enum(CLAIM_STATUSES).describe('pending until verified; expired 14 days after the claim without verification'),
  domain: z.string().describe("The listing's domain, on which the proof is published"),
  email: z.string().nullable().describe('method email: the address the link was mailed to'),
  token: z.string().nullable().describe('What to publish (dns, meta, file); the same token works for each of them'),
  publish: z
    .object({
      record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }).optional(),
      meta_tag: z.string().optional(),
      file: z.object({ url: z.string(), content: z.string() }).optional(),
      email: z.string().optional(),
    })
    .describe('Exactly what to publish for the method'),
  instructions: z.string().describe('Steps a person can follow word for word'),
  last_check: z.object({ checked_at: isoDateTime, finding: z.string().describe('What was found, e.g. "No TXT record at ..."') }).nullable(),
  created_at: isoDateTime,
  expires_at: isoDateTime,
  verified_at: isoDateTime.nullable(),
});
