/** The word list of the benchmark-scale generator, so that the search dictionary has a realistic size. */
import { CATEGORY_TREE } from './categories.js';
import { ADJECTIVES, GENERAL_ROOTS, NAME_SUFFIXES, QUALIFIERS, USPS } from './content.js';
import { Random } from './random.js';

const COMMON_WORDS = `
access account accounting accurate action activity adapt add admin advanced advice agency agent agile alert align
analyse analysis analytics answer app application approval archive assistant asset audience audit automate automatic
automation available backup balance bank banner basic batch beautiful benchmark best better billing block blog board
booking boost brand browser budget bug build builder bundle business button cache calendar campaign capture card
career cart catalog change channel chart chat check checkout choose clean clear click client cloud cluster code
cohort collaborate collect colour comment community company compare compliance component compose connect console
contact content context contract control convert copy cost course create creator credit crm custom customer
dashboard data database date deadline deal debug decision deliver demo deploy design desktop detect developer device
digital direct discover document domain download draft dynamic easy edit editor effective efficient email embed
employee enable encrypt engage engine enterprise event every expense experience expert explore export extension fast
feature feedback file filter finance find flexible flow focus follow form format founder free friendly funnel
future gallery generate global goal grow growth guide habit handle health help hire history home host hub idea
image import improve inbox income insight install instant integrate integration intelligent interface invoice issue
job journey keyboard key knowledge label landing language launch layer layout lead learn lesson library light link
list live local log login loyalty manage manager map market marketing measure media meeting member message metric
migrate minute mobile model modern monitor month monthly native network news newsletter note notify offline online
onboard open operation optimise order organise outreach owner page partner password payment payroll people
performance permission personal pipeline plan platform plugin portal post power predict premium preview price
pricing privacy private process product productivity profile profit progress project prompt prospect protect
public publish query quick quote rank rate reach read real record recruit referral release remote report request
research resource respond response result retention revenue review reward risk roadmap route rule run sales save
scale schedule score screen script search secure security segment sell send server service session setting setup
share shop simple site skill smart social software solution source speed sprint stack start status storage store
story strategy stream student studio subscribe subscription success suggest summary support survey switch sync
system table tag target task team template test text ticket time timeline tool track traffic train transaction
translate trend trial trust update upload usage user value vendor version video view visitor visual voice wallet
web webhook website week widget wiki work workflow workspace write yearly
`;

/** Syllables for invented words (product and brand names are a large part of any product directory's vocabulary). */
const ONSETS = [
  'b',
  'br',
  'c',
  'cl',
  'd',
  'dr',
  'f',
  'fl',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'qu',
  'r',
  's',
  'sk',
  'st',
  't',
  'tr',
  'v',
  'w',
  'z',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou', 'y'];
const CODAS = ['', '', 'n', 'r', 'l', 'x', 'm', 's', 't', 'ck', 'nd'];

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 2);
}

/** About `size` distinct lowercase words: real words of the demo texts and common product words first, then invented ones. */
export function benchVocabulary(size = 3000): string[] {
  const set = new Set<string>(words(COMMON_WORDS));
  for (const top of CATEGORY_TREE) {
    for (const w of words(`${top.name} ${top.description} ${top.audiences.join(' ')} ${top.pain} ${top.gain} ${top.roots.join(' ')}`))
      set.add(w);
    for (const sub of top.subcategories) {
      for (const w of words(
        `${sub.name} ${sub.description} ${sub.job} ${sub.thing} ${sub.features.join(' ')} ${sub.keywords.join(' ')} ${sub.nameWords.join(' ')}`,
      ))
        set.add(w);
    }
  }
  for (const w of words(
    `${GENERAL_ROOTS.join(' ')} ${NAME_SUFFIXES.join(' ')} ${ADJECTIVES.join(' ')} ${QUALIFIERS.join(' ')} ${USPS.join(' ')}`,
  ))
    set.add(w);
  const rng = new Random(7_919);
  while (set.size < size) {
    let word = '';
    const syllables = rng.int(2, 3);
    for (let i = 0; i < syllables; i++) word += rng.pick(ONSETS) + rng.pick(VOWELS) + (i === syllables - 1 ? rng.pick(CODAS) : '');
    set.add(word);
  }
  return [...set];
}
