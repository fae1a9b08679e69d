/** A tagged template that escapes every interpolated value unless it is already SafeHtml. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML or XML markup and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));
}

export function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:62rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
code,pre{font:14px ui-monospace,monospace;background:#f4f4f6;border-radius:4px;padding:.1rem .3rem}
pre{padding:.8rem;overflow:auto}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{text-align:left;border-bottom:1px solid #e3e3e8;padding:.3rem .5rem;vertical-align:top}
.op{border:1px solid #e3e3e8;border-radius:8px;padding:0 1rem 1rem;margin:1rem 0}
.m{font-weight:700;font-family:ui-monospace,monospace;padding:.1rem .4rem;border-radius:4px;background:#eef}
nav a{margin-right:.8rem}
</style></head><body>${body}</body></html>`.value;
}
