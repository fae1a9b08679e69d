import type { CorpusSite } from '../../corpus/types.js';
import { clinicslot } from './clinicslot.js';
import { cobalto } from './cobalto.js';
import { crateforge } from './crateforge.js';
import { crewdeck } from './crewdeck.js';
import { fjallnote } from './fjallnote.js';
import { glyphary } from './glyphary.js';
import { jabuti } from './jabuti.js';
import { ledgerleaf } from './ledgerleaf.js';
import { mareia } from './mareia.js';
import { mesurelle } from './mesurelle.js';
import { pinglark } from './pinglark.js';
import { plumeau } from './plumeau.js';
import { postmoss } from './postmoss.js';
import { rosterroo } from './rosterroo.js';
import { schemabird } from './schemabird.js';
import { tallyho } from './tallyho.js';
import { tsumiki } from './tsumiki.js';
import { tuipay } from './tuipay.js';
import { tulpform } from './tulpform.js';
import { vidyapath } from './vidyapath.js';

/** The blind corpus: twenty product sites written from the field list alone, without reading the drafter (see ../README.md). */
export const BLIND_CORPUS: readonly CorpusSite[] = [
  crateforge,
  ledgerleaf,
  tulpform,
  mareia,
  rosterroo,
  plumeau,
  mesurelle,
  cobalto,
  fjallnote,
  tsumiki,
  jabuti,
  tallyho,
  vidyapath,
  pinglark,
  crewdeck,
  clinicslot,
  glyphary,
  tuipay,
  postmoss,
  schemabird,
];
