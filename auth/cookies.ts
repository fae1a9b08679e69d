import type { Context } from 'koa';

export interface CookieOptions {
  /** Omitted: a browser-session cookie. 0 deletes it. */
  maxAgeSeconds?: number;
  secure: boolean;
}

/**
 * Cookies are HttpOnly and SameSite=Lax; Secure ones use the __Host- prefix (no Domain, Path=/),
 * so a sibling subdomain cannot plant them. Koa's own setter refuses Secure behind a TLS proxy
 * unless proxy trust is on, hence this small serializer.
 */
function cookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

export function setCookie(ctx: Context, name: string, value: string, options: CookieOptions): void {
  const parts = [`${cookieName(name, options.secure)}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${options.maxAgeSeconds}`);
    if (options.maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  ctx.append('Set-Cookie', parts.join('; '));
}

export function readCookie(ctx: Context, name: string, secure: boolean): string | undefined {
  const value = ctx.cookies.get(cookieName(name, secure));
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
