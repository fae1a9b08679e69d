/** A V8 CPU profile (.cpuprofile) in a few lines: where the time went by function (self) and by our modules (inclusive). */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = new URL('..', import.meta.url).href;

/** A frame's place: our files relative to the project, packages by name, Node's internals as node:... */
function place(url: string): string {
  if (!url) return '(native)';
  const nodeModules = url.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) {
    const rest = url.slice(nodeModules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return url.startsWith(ROOT) ? url.slice(ROOT.length) : url;
}

export function summarize(profile: CpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfTime = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${place(frame.url)}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + time);
    // Inclusive by place: each place on the stack once, however often it recurs.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const where = place(byId.get(at)!.callFrame.url);
      if (!seen.has(where)) inclusive.set(where, (inclusive.get(where) ?? 0) + time);
      seen.add(where);
    }
  }
  const share = (t: number) => `${((t / total) * 100).toFixed(1).padStart(5)}%`;
  const list = (m: Map<string, number>, filter: (k: string) => boolean = () => true) =>
    [...m]
      .filter(([k]) => filter(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `  ${share(t)}  ${k}`)
      .join('\n');
  return [
    `self time, by function (of ${(total / 1e6).toFixed(1)} s sampled):`,
    list(self),
    'inclusive time, by module or package:',
    list(inclusive, (k) => !k.startsWith('node:') && k !== '(native)'),
  ].join('\n');
}
