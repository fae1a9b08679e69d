/** A page as the crawler read it: visible text, plus strings from the markup that state facts (meta and Open Graph content, JSON-LD values, link targets). */
export interface CrawledPage {
  url: string;
  title: string;
  text: string;
  /** Strings from the markup a value may quote: meta/OG content, JSON-LD strings, link hrefs, image alt texts. */
  markup: string[];
  /** The HTML itself (bounded), for extractors that read structure (JSON-LD, tables, links). */
  html: string;
}
