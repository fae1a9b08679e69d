import { z } from 'zod';
import { completable, type McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Registry } from '../registry/registry.js';
import type { Services } from '../services.js';
import { completePublicKeys } from '../catalogue/public-pages.js';
import { WEEK_SPEC } from '../catalogue/weeks.js';
import { SLUG_PATTERN } from '../schema.js';
import { readPublicPage } from './directory-resources.js';
import { scopeSiteName } from './request-scope.js';

/**
 * Prompts that walk a person through the service's jobs with the tools: launching a product, comparing
 * products for a need, and a week's launches as a digest. Arguments complete from the directory's own
 * category slugs, listing slugs and weeks. The digest and a comparison within a category carry the data
 * they start from as embedded resources (the same JSON resources/read answers), so the model begins with facts.
 */
type Deps = { registry: Registry; services: Services; publicUrl: string };

/**
 * The prompts, made once (schemas, completions) and registered on each request's server by the function
 * answered; undefined for a registry without the directory's reads (a test's), which serves no prompts.
 */
export function directoryPrompts(deps: Deps): ((server: McpServer) => void) | undefined {
  if (!deps.registry.get('get_category') || !deps.registry.get('get_launch_week')) return undefined;
  const complete = (kind: 'category' | 'listing' | 'launch_week') => (value: string | undefined) =>
    completePublicKeys(deps.services.db, kind, value ?? '', deps.services.now());
  const weeks = async (value: string | undefined) => {
    const named = ['this', 'last', 'next'].filter((word) => word.startsWith(value ?? ''));
    return [...named, ...(await completePublicKeys(deps.services.db, 'launch_week', value ?? '', deps.services.now(), 10))];
  };
  const launchArgs = z.object({ url: z.string().describe("The product's website, e.g. https://example.com") });
  const compareArgs = z.object({
    need: z.string().describe('What the product must do, e.g. "send invoices from a Stripe account"'),
    category: completable(z.string().regex(SLUG_PATTERN).describe('A category slug to look in'), complete('category')).optional(),
    listing: completable(
      z.string().regex(SLUG_PATTERN).describe('A product you already know, by its slug'),
      complete('listing'),
    ).optional(),
  });
  const digestArgs = z.object({
    week: completable(z.string().regex(WEEK_SPEC).describe('this (default), last, next, or any date of the week'), weeks).optional(),
    category: completable(z.string().regex(SLUG_PATTERN).describe('Only launches of this category'), complete('category')).optional(),
  });

  return (server) => {
    server.registerPrompt(
      'launch_my_product',
      {
        title: 'Launch my product',
        description:
          'Submit a product by its website address, review the drafted profile field by field, then choose a free or a paid launch.',
        argsSchema: launchArgs,
      },
      ({ url }) => ({
        description: `Launching ${url}`,
        messages: [user(launchSteps(url, scopeSiteName()))],
      }),
    );

    server.registerPrompt(
      'compare_products',
      {
        title: 'Compare products for a need',
        description: 'Find the listed products that meet a need, narrow them down and compare the best two side by side.',
        argsSchema: compareArgs,
      },
      async ({ need, category, listing }) => ({
        description: `Products for: ${need}`,
        messages: [
          user(compareSteps(need, category, listing)),
          ...(category ? [await embedded(deps, 'category', category, `No category "${category}" exists`)] : []),
        ],
      }),
    );

    server.registerPrompt(
      'weekly_launch_digest',
      {
        title: 'Weekly launch digest',
        description: "A digest of a launch week: the week's launches ranked by community votes, grouped and summarised.",
        argsSchema: digestArgs,
      },
      async ({ week = 'this', category }) => ({
        description: `Launch digest, week ${week}`,
        messages: [
          user(digestSteps(week, category, scopeSiteName())),
          await embedded(deps, 'launch_week', week, `No launch week "${week}"`),
        ],
      }),
    );
  };
}

const user = (text: string) => ({ role: 'user' as const, content: { type: 'text' as const, text } });

/** A public page as an embedded resource of a prompt message (the JSON resources/read answers for it). */
async function embedded(deps: Deps, kind: 'category' | 'launch_week', key: string, unknown: string) {
  const page = await readPublicPage(deps, kind, key);
  if (!page) throw new ProtocolError(ProtocolErrorCode.InvalidParams, unknown);
  return {
    role: 'user' as const,
    content: { type: 'resource' as const, resource: { uri: page.uri, mimeType: 'application/json', text: JSON.stringify(page.answer) } },
  };
}

/** `siteName`, here and in the digest: the site's name as its settings said when the request came in. */
function launchSteps(url: string, siteName: string): string {
  return [
    `I want to launch my product ${url} on ${siteName}. Walk me through it with the directory's tools:`,
    `1. Call submit_listing with url "${url}" and view "brief". It answers a draft id and poll_after_seconds; the site is read in the background. If it answers already_listed, my product has a listing: offer to claim it with claim_listing instead.`,
    '2. After poll_after_seconds, call get_draft (view "brief") until its status is ready or failed; fields still pending are not drafted yet. If it failed, tell me the failure_reason in plain words and stop.',
    '3. Switch to the full view (get_draft without view) to review it with me one field at a time: show the value and the quote from my website it rests on, and ask me to keep it, change it, or leave it blank. Fields the website did not state (not_found) are blank: ask me for them. Save my answers with update_draft (view "brief"); never invent a value I did not give. Stage and pricing model take the values the update_draft schema lists.',
    '4. When needed_to_save is empty, call submit_draft to save the listing (it is not public yet). A free listing has one category; tell me that my other categories are kept for a paid launch.',
    '5. Then explain my two ways to go live and let me choose. Either way the draft can no longer be edited afterwards; update_my_listing edits the listing then, except its name and categories.',
    '   - Free: choose_free_listing (view "brief") answers the badge to put on my homepage and the free launch week; the badge is checked on its own, and calling choose_free_listing again checks it now.',
    '   - Paid: list_products, then quote_order for the price with VAT (my extra categories go in items[].categories). If I buy as a business, ask for my VAT number and billing country first: the quote says why VAT is charged or not. Then create_checkout: I open the link, sign in on the site and pay myself. Never enter payment details for me.',
  ].join('\n');
}

function compareSteps(need: string, category: string | undefined, listing: string | undefined): string {
  return [
    `I need a product that can: ${need}.`,
    category
      ? `Look in the category "${category}" (its listings follow as a resource) and search it with search_listings (category "${category}").`
      : 'Find candidates with search_listings (try the need in a few words; an empty page carries suggestions), and use list_categories if a category fits.',
    listing ? `I already know "${listing}": include it, and use get_alternatives on it for similar products.` : '',
    'Read the most promising ones with get_listing. Keep at most five that really do what I need, and say in one line each why.',
    'Then compare the best two with compare_listings and tell me, from what the listings state, which fits my need better and what neither states. Quote the listings; do not guess features they do not mention.',
  ]
    .filter(Boolean)
    .join('\n');
}

function digestSteps(week: string, category: string | undefined, siteName: string): string {
  return [
    `Write a digest of the launch week "${week}" of ${siteName}; the week's launches follow as a resource, ranked by community votes.`,
    category ? `Keep only launches in the category "${category}" (get_listing tells a listing's categories).` : '',
    'Open with the top three and what each does, then group the rest by what they are for, one line each with its tagline and link (profile_url).',
    'If the week has ended, name its Launch of the Week awards (list_awards). Say how many launched in all. Do not rank by anything but the votes given.',
  ]
    .filter(Boolean)
    .join('\n');
}
