import type { Caller } from '../accounts/caller.js';
import type { Services } from '../services.js';
import type { StaffMember } from '../staff/roles.js';

/** What a handler gets besides its validated input. Surface-neutral: no HTTP, no MCP. */
export interface ToolContext {
  services: Services;
  caller: Caller | null;
  requestId: string;
}

/** The context of a tool with scopes: invokeTool has checked that a caller with them is present. */
export interface SignedInContext extends ToolContext {
  caller: Caller;
  /** Set for the site team's operations (a tool with staffRole): the staff member whose role invokeTool checked. */
  staff?: StaffMember;
}

/** The staff member a staff operation acts for (invokeTool checked the role before the handler ran). */
export function staffOf(ctx: SignedInContext): StaffMember {
  if (!ctx.staff) throw new Error('A staff operation ran without its staff member: declare staffRole in its defineTool');
  return ctx.staff;
}
