/**
 * The operations' paths (`/listings/{slug}`), compiled once into segments and matched by walking them: a
 * request's path is split once, and a static segment is one string comparison. Matching follows what
 * clients met before: static segments ignore letter case, one trailing slash is ignored, a parameter is
 * percent-decoded (left as sent when its encoding is broken), and HEAD runs a GET route.
 *
 * Which route answers does not depend on the order routes were added: a static segment wins over a parameter
 * (`/categories/count` beats `/categories/{slug}`). Two routes of one method that can match the same path with
 * neither more specific (each has a static segment where the other has a parameter, or they differ only in
 * their parameters' names) are refused when added, naming both operations: at start-up, never at request time.
 */
type Segment = { text: string } | { param: string };

interface Route<H> {
  method: string;
  path: string;
  name: string;
  segments: Segment[];
  /** How many of its segments are static: the more, the more specific. */
  statics: number;
  handler: H;
}

export type RouteMatch<H> =
  | { kind: 'found'; handler: H; params: Record<string, string> }
  /** The path is known; `allowed` lists its methods. */
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

export class RouteTable<H> {
  /** In the order they were added: the order of a 405's Allow list. */
  private readonly routes: Route<H>[] = [];
  /** The same routes, the most specific first: the order a request is matched in. */
  private readonly bySpecificity: Route<H>[] = [];

  /**
   * `path` relative to the table's prefix, with `{name}` parameters; `name` (the operation's) names it in the
   * error when it overlaps a route added before.
   */
  add(method: string, path: string, handler: H, name = `${method} ${path}`): void {
    const segments = split(path).map((part): Segment => {
      const param = /^\{([a-z_]+)\}$/.exec(part)?.[1];
      return param ? { param } : { text: part.toLowerCase() };
    });
    const route = { method, path, name, segments, statics: segments.filter((segment) => 'text' in segment).length, handler };
    const rival = this.routes.find((other) => other.method === method && overlapping(other.segments, segments));
    if (rival) {
      throw new Error(
        `Routes overlap: ${describe(route)} and ${describe(rival)} can match the same path, and neither is more specific ` +
          '(has a static segment wherever the other has one, and more of them). Give one of them a path of its own.',
      );
    }
    this.routes.push(route);
    // The most static segments first (a stable insertion): the first route of the method that matches is the one.
    const at = this.bySpecificity.findIndex((other) => other.statics < route.statics);
    this.bySpecificity.splice(at === -1 ? this.bySpecificity.length : at, 0, route);
  }

  match(method: string, path: string): RouteMatch<H> {
    const parts = split(path);
    for (const route of this.bySpecificity) {
      if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) continue;
      const params = matchSegments(route.segments, parts);
      if (params) return { kind: 'found', handler: route.handler, params };
    }
    const allowed: string[] = [];
    for (const route of this.routes)
      if (!allowed.includes(route.method) && matchSegments(route.segments, parts)) allowed.push(route.method);
    if (allowed.length === 0) return { kind: 'not_found' };
    if (allowed.includes('GET')) allowed.push('HEAD');
    return { kind: 'method_not_allowed', allowed };
  }
}

function describe(route: Route<unknown>): string {
  const where = `${route.method} ${route.path}`;
  return route.name === where ? where : `${route.name} (${where})`;
}

/**
 * Whether two routes can match one path with neither winning: every segment could match the same text (equal
 * static segments, or a parameter on either side), and neither route's static segments include the other's.
 * When one's do, it is the more specific and has more static segments, which is how `match` picks it.
 */
function overlapping(a: Segment[], b: Segment[]): boolean {
  if (a.length !== b.length) return false;
  let aOnly = false;
  let bOnly = false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if ('text' in x && 'text' in y && x.text !== y.text) return false;
    if ('text' in x && 'param' in y) aOnly = true;
    if ('param' in x && 'text' in y) bOnly = true;
  }
  return aOnly === bOnly;
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
