import { DateType, type Platform } from '@mikro-orm/core';

/**
 * A `date` column as a 'YYYY-MM-DD' string on both engines. MikroORM's own `date` type relies on the
 * driver returning dates as text, which the pg pool does but the PGlite instance handed to MikroORM by
 * database.ts does not (it was created without MikroORM's type parsers, so it yields a JS Date at UTC midnight).
 */
export class CalendarDateType extends DateType {
  /** The unit of work then snapshots the converted string, not the driver's Date: loading never looks like a change. */
  override ensureComparable(): boolean {
    return true;
  }

  override convertToJSValue(value: unknown, platform: Platform): string | null | undefined {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return super.convertToJSValue(value, platform);
  }
}
