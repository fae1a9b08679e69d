import type { SafeHtml } from '../text/html.js';
import { textArea } from './form-fields.js';

/**
 * FAQs typed in one textarea (no script needed): each question on a line starting "Q:", its answer after "A:";
 * lines that follow belong to the part above them. A question without an answer (or text before the first "Q:")
 * is kept with the missing part empty, so the operation names it (/faqs/N/answer).
 */
export function parseFaqs(text: string | undefined): { question: string; answer: string }[] {
  const faqs: { question: string; answer: string }[] = [];
  let part: 'question' | 'answer' = 'answer';
  for (const raw of (text ?? '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const marker = /^([QA]):\s*(.*)$/i.exec(line);
    if (marker && marker[1]!.toUpperCase() === 'Q') {
      faqs.push({ question: marker[2]!, answer: '' });
      part = 'question';
    } else if (marker) {
      if (faqs.length === 0 || part === 'answer') faqs.push({ question: '', answer: '' });
      faqs.at(-1)!.answer = marker[2]!;
      part = 'answer';
    } else {
      if (faqs.length === 0) faqs.push({ question: '', answer: '' });
      const faq = faqs.at(-1)!;
      faq[part] = faq[part] ? `${faq[part]} ${line}` : line;
    }
  }
  return faqs;
}

/** FAQs as the textarea shows them. */
export function faqText(faqs: readonly { question: string; answer: string }[]): string {
  return faqs.map((faq) => `Q: ${faq.question}\nA: ${faq.answer}`).join('\n\n');
}

export function faqArea(value: string | undefined): SafeHtml {
  return textArea('faqs', 'Questions and answers', value, {
    rows: 6,
    hint: 'Each question on a line starting "Q:", its answer on the next starting "A:"; up to 10.',
  });
}
