import type { CorpusSite } from '../../corpus/types.js';
import { cutloom } from './cutloom.js';
import { docsprout } from './docsprout.js';
import { ferrymind } from './ferrymind.js';
import { funnelfox } from './funnelfox.js';
import { gridwell } from './gridwell.js';
import { leadmarten } from './leadmarten.js';
import { lintwise } from './lintwise.js';
import { meetmoor } from './meetmoor.js';
import { murmurly } from './murmurly.js';
import { parlino } from './parlino.js';
import { quillboard } from './quillboard.js';
import { rankfield } from './rankfield.js';
import { relayhen } from './relayhen.js';
import { sillage } from './sillage.js';
import { sketchferry } from './sketchferry.js';
import { stapelwerk } from './stapelwerk.js';
import { ticketoak } from './ticketoak.js';
import { tidepool } from './tidepool.js';
import { tracelantern } from './tracelantern.js';
import { tratoviva } from './tratoviva.js';

/** The second blind corpus: twenty product sites written from the field list alone, without reading the drafter (see ../README.md). */
export const BLIND_2_CORPUS: readonly CorpusSite[] = [
  sillage,
  lintwise,
  tidepool,
  ferrymind,
  cutloom,
  tracelantern,
  rankfield,
  murmurly,
  stapelwerk,
  meetmoor,
  relayhen,
  gridwell,
  sketchferry,
  funnelfox,
  quillboard,
  tratoviva,
  leadmarten,
  ticketoak,
  docsprout,
  parlino,
];
