/** JSON Pointer (RFC 6901) of a path into the input; "" is the whole input. */
export function pointer(path: readonly PropertyKey[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
