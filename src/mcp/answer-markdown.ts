import { isRecord } from './json-rpc.js';

/**
 * A tool's JSON answer as Markdown for a model to read: the name as a heading, short values as a list,
 * long texts as paragraphs, lists of objects as one line each (their name or title, with a link when they
 * have one). Values are the answer's own; nothing is added but labels. Text from the directory (written by
 * founders, drafted from websites) stays text: Markdown is not interpreted, its markup characters escaped.
 */
export function answerMarkdown(answer: Record<string, unknown>): string {
  const titleKey = ['name', 'title', 'label'].find((key) => typeof answer[key] === 'string' && answer[key]);
  const title = titleKey ? (answer[titleKey] as string) : 'Answer';
  const lines = [`# ${inline(title)}`, ''];
  const paragraphs: string[] = [];
  for (const [key, value] of Object.entries(answer)) {
    if (key === titleKey || value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (typeof value === 'string' && value.length > 160) paragraphs.push(`## ${label(key)}`, '', escapeText(value), '');
    else if (Array.isArray(value) && value.some(isRecord))
      paragraphs.push(`## ${label(key)}`, '', ...value.map((item) => `- ${summary(item)}`), '');
    else if (isRecord(value) && Array.isArray(value.items))
      paragraphs.push(`## ${label(key)}`, '', ...value.items.map((item) => `- ${summary(item)}`), '');
    else lines.push(`- **${label(key)}**: ${short(value)}`);
  }
  return `${[...lines, '', ...paragraphs]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

function firstText(value: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) if (typeof value[key] === 'string' && value[key]) return value[key] as string;
  return undefined;
}

const label = (key: string) => key.replace(/_/g, ' ');

/** One line of text, its Markdown characters escaped. */
const inline = (text: string) => escapeText(text.replace(/\s+/g, ' ').trim());

function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`);
}

function short(value: unknown): string {
  if (Array.isArray(value)) return value.map(short).join(', ');
  if (isRecord(value)) {
    const named = firstText(value, ['name', 'title', 'slug']);
    if (named) return inline(named);
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined && !isRecord(v) && !Array.isArray(v))
      .map(([k, v]) => `${label(k)} ${inline(String(v))}`)
      .join('; ');
  }
  return inline(String(value));
}

function summary(item: unknown): string {
  if (!isRecord(item)) return short(item);
  const named = firstText(item, ['name', 'title', 'question', 'slug']);
  const link = firstText(item, ['profile_url', 'url']);
  const about = firstText(item, ['tagline', 'answer', 'excerpt', 'description']);
  const head = named
    ? link && /^https?:\/\//.test(link)
      ? `[${inline(named)}](<${link.replace(/[<>\s]/g, '')}>)`
      : inline(named)
    : short(item);
  return about ? `${head}: ${inline(about.length > 200 ? `${about.slice(0, 199)}…` : about)}` : head;
}
