/**
 * The operations' paths (`/listings/{slug}`), compiled once into segments and matched by walking them: a
 * request's path is split once, and a static segment is one string comparison. Matching follows what
 * clients met before: static segments ignore letter case, one trailing slash is ignored, a parameter is
 * percent-decoded (left as sent when its encoding is broken), and HEAD runs a GET route.
 */
type Segment = { text: string } | { param: string };

interface Route<H> {
  method: string;
  segments: Segment[];
  handler: H;
}

export type RouteMatch<H> =
  | { kind: 'found'; handler: H; params: Record<string, string> }
  /** The path is known; `allowed` lists its methods. */
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

export class RouteTable<H> {
  private readonly routes: Route<H>[] = [];

  /** `path` relative to the table's prefix, with `{name}` parameters. */
  add(method: string, path: string, handler: H): void {
    const segments = split(path).map((part): Segment => {
      const param = /^\{([a-z_]+)\}$/.exec(part)?.[1];
      return param ? { param } : { text: part.toLowerCase() };
    });
    this.routes.push({ method, segments, handler });
  }

  match(method: string, path: string): RouteMatch<H> {
    const parts = split(path);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET'))
        return { kind: 'found', handler: route.handler, params };
      allowed.push(route.method);
    }
    if (allowed.length === 0) return { kind: 'not_found' };
    if (allowed.includes('GET')) allowed.push('HEAD');
    return { kind: 'method_not_allowed', allowed };
  }
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i]!;
    if ('param' in segment) {
      if (part === '') return undefined;
      params[segment.param] = decode(part);
    } else if (segment.text !== part && segment.text !== part.toLowerCase()) {
      return undefined;
    }
  }
  return params;
}

/** `/a/b/` and `/a/b` are the same path; the leading slash is dropped. */
function split(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed === '' || trimmed === '/' ? [] : trimmed.slice(1).split('/');
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
