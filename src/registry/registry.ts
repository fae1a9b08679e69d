import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyTool } from './tool.js';

export const TOOLS_DIR = fileURLToPath(new URL('../../tools/', import.meta.url));

export interface Registry {
  readonly tools: readonly AnyTool[];
  get(name: string): AnyTool | undefined;
}

const isToolFile = (file: string) => /^[a-z][a-z0-9_]*\.(ts|js)$/.test(file) && !file.endsWith('.d.ts');

/** Every tools/<name>.ts default-exports one tool; nothing else has to be edited to add one. */
export async function loadRegistry(dir = TOOLS_DIR): Promise<Registry> {
  const files = (await readdir(dir)).filter(isToolFile).sort();
  const tools = await Promise.all(
    files.map(async (file) => {
      const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: AnyTool };
      if (!mod.default) throw new Error(`tools/${file} has no default export`);
      const expected = path.basename(file, path.extname(file));
      if (mod.default.name !== expected) throw new Error(`tools/${file} declares name "${mod.default.name}"`);
      return mod.default;
    }),
  );
  return createRegistry(tools);
}

export function createRegistry(tools: readonly AnyTool[]): Registry {
  const byName = new Map<string, AnyTool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new Error(`Two tools are named ${tool.name}`);
    byName.set(tool.name, tool);
  }
  return { tools, get: (name) => byName.get(name) };
}
