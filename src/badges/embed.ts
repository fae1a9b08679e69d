import { html } from '../text/html.js';
import { badgeDimensions, badgeSvgUrl, type BadgeVariant } from './variants.js';

export interface BadgeTarget {
  listingSlug: string;
  listingName: string;
  /** The listing's public page: the badge links there. */
  profileUrl: string;
  siteName: string;
  publicUrl: string;
  /** The listing's awards: the embed links their signed proofs, so a visitor can check the claim offline. */
  awards?: readonly { title: string; week: string; proof_url: string }[];
}

export interface Badge extends BadgeVariant {
  width: number;
  height: number;
  svg_url: string;
  embed_html: string;
  markdown: string;
}

/** One badge variant with its image address and the snippets to paste into a homepage or a README. */
export function describeBadge(target: BadgeTarget, variant: BadgeVariant): Badge {
  const { width, height } = badgeDimensions(variant.shape, variant.size);
  const svgUrl = badgeSvgUrl(target.publicUrl, target.listingSlug, variant);
  const alt = `${target.listingName} – featured on ${target.siteName}`;
  const img = html`<img src="${svgUrl}" alt="${alt}" width="${width}" height="${height}">`;
  // auto: the page picks the light or dark image by the viewer's colour scheme; the auto image adapts by itself too.
  const image =
    variant.mode === 'auto'
      ? html`<picture><source media="(prefers-color-scheme: dark)" srcset="${badgeSvgUrl(target.publicUrl, target.listingSlug, { ...variant, mode: 'dark' })}"><source media="(prefers-color-scheme: light)" srcset="${badgeSvgUrl(target.publicUrl, target.listingSlug, { ...variant, mode: 'light' })}">${img}</picture>`
      : img;
  return {
    ...variant,
    width,
    height,
    svg_url: svgUrl,
    embed_html: html`<a href="${target.profileUrl}" target="_blank" rel="noopener"${awardAttributes(target)}>${image}</a>`.value,
    markdown: `[![${markdownText(alt)}](${svgUrl})](${target.profileUrl})`,
  };
}

/**
 * For a listing with awards: data-award-proofs lists the proofs' addresses (space-separated, as a machine reads
 * them) and the title names the awards, so a "Launch of the Week #1" badge carries the means to check it.
 */
function awardAttributes(target: BadgeTarget) {
  if (!target.awards?.length) return '';
  const named = target.awards.map((award) => `${award.title} (week of ${award.week})`).join(', ');
  return html` title="${named}: signed proofs in data-award-proofs" data-award-proofs="${target.awards.map((award) => award.proof_url).join(' ')}"`;
}

/** Link text in Markdown on one line, its backslashes and brackets escaped so they cannot end the text early. */
function markdownText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\[\]]/g, (c) => `\\${c}`);
}
