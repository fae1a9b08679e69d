/**
 * Splits a PostgreSQL script into its statements at the semicolons that end them: not those inside
 * string literals ('…', E'…'), quoted identifiers ("…"), dollar-quoted bodies ($$…$$, $tag$…$tag$),
 * line comments or (nested) block comments. Statements come back trimmed; empty ones are dropped.
 * The migrator sends one statement at a time, since the embedded engine takes scripts only outside
 * parameterised queries.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < script.length) {
    const c = script[i];
    const next = script[i + 1];
    if (c === ';') {
      statements.push(script.slice(start, i));
      start = ++i;
    } else if (c === '-' && next === '-') {
      i = endOf(script, '\n', i + 2);
    } else if (c === '/' && next === '*') {
      i = endOfBlockComment(script, i);
    } else if (c === "'") {
      i = endOfQuoted(script, i, "'", script[i - 1] === 'E' || script[i - 1] === 'e');
    } else if (c === '"') {
      i = endOfQuoted(script, i, '"', false);
    } else if (c === '$') {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i))?.[0];
      // $1 (a parameter) or a $ inside a name is no quote.
      i = tag && !/[A-Za-z0-9_]/.test(script[i - 1] ?? '') ? endOf(script, tag, i + tag.length) : i + 1;
    } else {
      i++;
    }
  }
  statements.push(script.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => !isOnlyComments(statement));
}

/** The index just past the next `terminator` from `from` (the end of the script when there is none). */
function endOf(script: string, terminator: string, from: number): number {
  const at = script.indexOf(terminator, from);
  return at === -1 ? script.length : at + terminator.length;
}

function endOfBlockComment(script: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < script.length) {
    if (script.startsWith('/*', i)) {
      depth++;
      i += 2;
    } else if (script.startsWith('*/', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else {
      i++;
    }
  }
  return script.length;
}

/** Past the closing quote; a doubled quote is an escaped one, and in E'…' so is a backslash pair. */
function endOfQuoted(script: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < script.length) {
    if (backslashEscapes && script[i] === '\\') i += 2;
    else if (script[i] === quote && script[i + 1] === quote) i += 2;
    else if (script[i] === quote) return i + 1;
    else i++;
  }
  return script.length;
}

function isOnlyComments(statement: string): boolean {
  return (
    statement
      .replace(/--[^\n]*/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim() === ''
  );
}
