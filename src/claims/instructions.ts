/**
 * What a claimant publishes for each method, and the instructions a person follows word for word. The token is
 * per claim and public by design: publishing it where only the domain's owner can is the proof.
 */
import type { ClaimMethod } from '../db/entities/claim.js';

/** The DNS name under the listing's domain that carries the TXT record. */
export const DNS_LABEL = '_launch-directory';
/** The TXT record's value is this prefix followed by the token. */
export const TXT_PREFIX = 'launch-directory-verification=';
/** The meta tag's name. */
export const META_NAME = 'launch-directory-verification';
/** The file's path on the listing's domain. */
export const FILE_PATH = '/.well-known/launch-directory-verification.txt';

export interface Publication {
  /** dns: a TXT record */
  record?: { type: 'TXT'; name: string; value: string };
  /** meta: the tag to put in the homepage's <head> */
  meta_tag?: string;
  /** file: where the file goes and what it holds */
  file?: { url: string; content: string };
  /** email: the address the link was mailed to */
  email?: string;
}

export interface ClaimInstructions {
  publish: Publication;
  instructions: string;
}

export function claimInstructions(claim: {
  method: ClaimMethod;
  domain: string;
  token: string;
  email: string | null;
  homepage: string;
}): ClaimInstructions {
  const { domain, token } = claim;
  switch (claim.method) {
    case 'dns': {
      const record = { type: 'TXT' as const, name: `${DNS_LABEL}.${domain}`, value: `${TXT_PREFIX}${token}` };
      return {
        publish: { record },
        instructions:
          `At the DNS provider of ${domain}, add a TXT record named ${record.name} (in most providers' forms: host ` +
          `"${DNS_LABEL}") with the value ${record.value}. When the record is published (usually minutes, up to a day), ` +
          'call verify_claim with this claim id. The record can be removed once the claim is verified.',
      };
    }
    case 'meta': {
      const tag = `<meta name="${META_NAME}" content="${token}">`;
      return {
        publish: { meta_tag: tag },
        instructions:
          `Add this tag inside the <head> of the homepage ${claim.homepage}: ${tag} Publish the page, then call ` +
          'verify_claim with this claim id. The tag can be removed once the claim is verified.',
      };
    }
    case 'file': {
      const file = { url: `${new URL(claim.homepage).origin}${FILE_PATH}`, content: token };
      return {
        publish: { file },
        instructions:
          `Create a plain text file at ${file.url} (the path ${FILE_PATH} on ${domain}) whose content is the ` +
          `line ${token}. Then call verify_claim with this claim id. The file can be ` +
          'removed once the claim is verified.',
      };
    }
    case 'email':
      return {
        publish: { email: claim.email ?? undefined },
        instructions:
          `We e-mailed a link to ${claim.email}. Open it and press the button on the page that opens: that verifies the ` +
          'claim (verify_claim is not used for e-mail claims). The link works until the claim expires.',
      };
  }
}
