/** The corpus: small product websites written for the drafter's measurement, with the facts each states. */
import type { CorpusSite } from '../types.js';
import { brightdesk } from './brightdesk.js';
import { cashmere } from './cashmere.js';
import { ferryman } from './ferryman.js';
import { glyphbox } from './glyphbox.js';
import { ledgerly } from './ledgerly.js';
import { letterpost } from './letterpost.js';
import { minutely } from './minutely.js';
import { parley } from './parley.js';
import { pingwell } from './pingwell.js';
import { slotly } from './slotly.js';
import { tablekit } from './tablekit.js';
import { wordsmithy } from './wordsmithy.js';

export const CORPUS: readonly CorpusSite[] = [
  minutely,
  ledgerly,
  pingwell,
  letterpost,
  parley,
  glyphbox,
  tablekit,
  brightdesk,
  slotly,
  wordsmithy,
  ferryman,
  cashmere,
];
