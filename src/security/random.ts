import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random string carrying `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** How secrets with enough entropy of their own (API keys, session ids, e-mail tokens) are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function equalSecrets(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
