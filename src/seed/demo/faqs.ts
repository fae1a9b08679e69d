/** The FAQs of each demo listing: a few picked from questions its row can answer. */
import type { Random } from '../random.js';
import { cap, listText, theirs } from './text.js';
import type { DemoData, Draft, Faq } from './types.js';

const FAQ_COUNT_WEIGHTS = [
  [0, 1],
  [1, 1],
  [2, 3],
  [3, 3],
  [4, 2],
] as const;

const PLATFORM_NAMES: Record<string, string> = {
  cli: 'a command-line tool',
  'chrome-extension': 'a Chrome extension',
  ios: 'iOS',
  macos: 'macOS',
};

function gettingStarted(d: Draft, trial: string | null): Faq {
  const { row } = d;
  const plans =
    row.pricing_model === 'subscription' || row.pricing_model === 'paid'
      ? 'Pick a plan and invite your team.'
      : 'You can start for free and invite your team later.';
  return { question: 'How do I get started?', answer: `Sign up at ${row.url}. ${trial ? `There is a ${trial} free trial.` : plans}` };
}

/** The questions the listing's row and attributes can answer, in a fixed order. */
function candidatesOf(d: Draft): Faq[] {
  const { row } = d;
  const a = row.attributes;
  const trial = typeof a.free_trial === 'string' && a.free_trial !== 'no' ? a.free_trial.replace(' days', '-day') : null;
  const candidates: Faq[] = [
    { question: `Who is ${row.name} for?`, answer: `${row.name} is built for ${d.audience} who want to ${theirs(d.category.sub!.job)}.` },
    gettingStarted(d, trial),
    {
      question: 'How is my data protected?',
      answer: `Data is encrypted in transit and at rest${d.eu ? ' and hosted in the EU' : ''}. You can export or delete everything at any time.`,
    },
  ];
  if (row.pricing_model) {
    const free = row.pricing_model === 'free' || row.pricing_model === 'freemium' || row.pricing_model === 'open-source';
    candidates.push({
      question: 'Is there a free plan?',
      answer: free ? `Yes. ${row.pricing_summary}.` : `No. ${row.pricing_summary}${trial ? `, with a ${trial} free trial` : ''}.`,
    });
  }
  if (a.api !== undefined)
    candidates.push({
      question: `Does ${row.name} have an API?`,
      answer: a.api ? `Yes, a REST API with keys you create in settings.` : 'Not yet. It is on the roadmap.',
    });
  if (a.self_hosted !== undefined)
    candidates.push({
      question: `Can I self-host ${row.name}?`,
      answer: a.self_hosted ? 'Yes, with Docker or Kubernetes; see the self-hosting guide.' : 'No, it is a hosted service.',
    });
  if (Array.isArray(a.platforms))
    candidates.push({
      question: `Which platforms does ${row.name} support?`,
      answer: `${listText((a.platforms as string[]).map((p) => PLATFORM_NAMES[p] ?? cap(p)))}.`,
    });
  return candidates;
}

export function buildListingFaqs(r: Random, drafts: Draft[]): DemoData['listingFaqs'] {
  const listingFaqs: DemoData['listingFaqs'] = [];
  for (const d of drafts) {
    const chosen = r.sample(candidatesOf(d), r.weighted(FAQ_COUNT_WEIGHTS));
    chosen.forEach((f, position) => {
      listingFaqs.push({ listing_id: d.row.id, question: f.question, answer: f.answer, position });
    });
  }
  return listingFaqs;
}
