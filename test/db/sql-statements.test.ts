import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { splitStatements } from '../../src/db/sql-statements.js';

describe('splitStatements', () => {
  it('splits at the semicolons that end statements, keeps a comment with the statement it precedes and drops empty ones', () => {
    expect(splitStatements('CREATE TABLE a (x int);\n\n-- done\nINSERT INTO a VALUES (1) ;;')).toEqual([
      'CREATE TABLE a (x int)',
      '-- done\nINSERT INTO a VALUES (1)',
    ]);
  });

  it('keeps semicolons inside strings, quoted identifiers, dollar quotes and comments', () => {
    const script = [
      `INSERT INTO t VALUES ('a;b', 'it''s; fine', E'back\\'slash;', "odd;name")`,
      `CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN PERFORM 1; RETURN $1; END $$`,
      `CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $body$ SELECT 'x;y' $body$`,
      `SELECT 1 /* a; /* nested; */ still; */ + 2 -- trailing; comment\n`,
    ].join(';\n');
    expect(splitStatements(script)).toEqual([
      `INSERT INTO t VALUES ('a;b', 'it''s; fine', E'back\\'slash;', "odd;name")`,
      `CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN PERFORM 1; RETURN $1; END $$`,
      `CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $body$ SELECT 'x;y' $body$`,
      `SELECT 1 /* a; /* nested; */ still; */ + 2 -- trailing; comment`,
    ]);
  });

  it('reads a $1 parameter or a $ inside a name as no quote', () => {
    expect(splitStatements('SELECT $1; SELECT a$b$c FROM t; SELECT 2')).toEqual(['SELECT $1', 'SELECT a$b$c FROM t', 'SELECT 2']);
  });

  it('leaves every statement of the migrations whole (none ends inside a body)', async () => {
    const folder = new URL('../../src/db/migrations/', import.meta.url);
    for (const file of await readdir(folder)) {
      const statements = splitStatements(await readFile(new URL(file, folder), 'utf8'));
      expect(statements.length, file).toBeGreaterThan(0);
      for (const statement of statements) {
        expect((statement.match(/\$\$/g) ?? []).length % 2, `${file}: ${statement.slice(0, 60)}`).toBe(0);
      }
    }
  });
});
