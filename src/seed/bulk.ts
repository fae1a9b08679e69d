import type { Statements } from '../db/database.js';

/** Column name and the SQL type it is read as from JSON (jsonb_to_recordset). */
export type Columns = readonly (readonly [name: string, type: string])[];

/** Rows per INSERT statement: large enough to keep the statement count low on PGlite. */
const CHUNK = 20_000;

/**
 * Inserts plain objects with one `INSERT ... SELECT FROM jsonb_to_recordset($1)` per chunk.
 * Keys missing from an object become NULL (so the column default is not used: give every value).
 */
export async function insertRows(
  db: Statements,
  table: string,
  columns: Columns,
  rows: readonly object[],
  onConflict = '',
): Promise<number> {
  const names = columns.map(([name]) => name).join(', ');
  const types = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${types}) ${onConflict}`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.query(sql, [JSON.stringify(rows.slice(i, i + CHUNK))]);
  }
  return rows.length;
}

/** Moves the serial sequences of `tables` (column `id`) past the largest id, so later inserts do not collide. */
export async function syncSequences(db: Statements, tables: readonly string[]): Promise<void> {
  const parts = tables.map((t) => `setval(pg_get_serial_sequence('${t}', 'id'), coalesce((SELECT max(id) FROM ${t}), 0) + 1, false)`);
  await db.query(`SELECT ${parts.join(', ')}`);
}
