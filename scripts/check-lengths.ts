/**
 * `npm run check:lengths` (part of `npm run check`): no function in src/, tools/, rest/ or auth/ longer than
 * MAX_FUNCTION_LINES non-blank lines, and a README.md of at most MAX_README_LINES lines.
 *
 * A function's lines run from its first token (after its doc comment) to its closing brace, and count everything in
 * between that is not blank: the closures it encloses, its comments, and the lines of its template literals (a page's
 * markup is lines of the function that writes it). Biome's complexity/noExcessiveLinesPerFunction, also on in
 * biome.json, counts only lines where a token begins: neither a comment line nor a line inside a template literal
 * counts there, so a function of 105 lines, half of them markup, passed it as 50; no option of the rule changes that.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const MAX_FUNCTION_LINES = 80;
const MAX_README_LINES = 200;
const ROOTS = ['src', 'tools', 'rest', 'auth'];
const root = join(import.meta.dirname, '..');

/** Every .ts file under the roots, whether committed yet or not. */
function sourceFiles(): string[] {
  return ROOTS.flatMap((dir) =>
    (readdirSync(join(root, dir), { recursive: true }) as string[])
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
      .map((name) => join(dir, name)),
  );
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** What a function is called where it is defined: its own name, or the variable or property it is given to. */
function nameOf(node: ts.FunctionLikeDeclaration, parent: ts.Node, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return '(anonymous)';
}

/** Each function of one file longer than MAX_FUNCTION_LINES, as "file:line name (n lines)". */
function longFunctions(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const lines = text.split('\n');
  // A file of no more non-blank lines than the limit holds no function over it: it is not parsed.
  if (lines.filter((line) => line.trim() !== '').length <= MAX_FUNCTION_LINES) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node, parent: ts.Node): void => {
    if (isFunction(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      let count = 0;
      for (let line = first; line <= last; line++) if (lines[line].trim() !== '') count++;
      if (count > MAX_FUNCTION_LINES) found.push(`${file}:${first + 1} ${nameOf(node, parent, source)} (${count} lines)`);
    }
    ts.forEachChild(node, (child) => visit(child, node));
  };
  visit(source, source);
  return found;
}

const failures = sourceFiles().flatMap(longFunctions);
if (failures.length > 0) {
  console.error(`Functions over ${MAX_FUNCTION_LINES} non-blank lines (closures, comments and template lines included):`);
  for (const failure of failures) console.error(`  ${failure}`);
  console.error('Split each into well-named pieces.');
}
const readmeLines = readFileSync(join(root, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
if (readmeLines > MAX_README_LINES) {
  console.error(`README.md has ${readmeLines} lines, over ${MAX_README_LINES}: move reference detail into docs/ and link it.`);
}
if (failures.length > 0 || readmeLines > MAX_README_LINES) process.exit(1);
