import { html, type SafeHtml } from '../text/html.js';

/** Labelled form controls of the console (each with an id, so a label and a hint belong to it). */

export function textField(
  name: string,
  label: string,
  value: string | number | null | undefined,
  options: { hint?: string; required?: boolean; maxLength?: number; type?: string } = {},
): SafeHtml {
  const hint = options.hint ? html`<span class="muted" id="${name}-hint">${options.hint}</span>` : '';
  return html`<p><label for="${name}">${label}</label><br><input type="${options.type ?? 'text'}" id="${name}" name="${name}" value="${value ?? ''}"${options.required ? html` required` : ''}${options.maxLength ? html` maxlength="${options.maxLength}"` : ''}${options.hint ? html` aria-describedby="${name}-hint"` : ''}> ${hint}</p>`;
}

export function textArea(
  name: string,
  label: string,
  value: string | null | undefined,
  options: { hint?: string; rows?: number; required?: boolean } = {},
): SafeHtml {
  const hint = options.hint ? html`<br><span class="muted" id="${name}-hint">${options.hint}</span>` : '';
  return html`<p><label for="${name}">${label}</label>${hint}<br><textarea id="${name}" name="${name}" rows="${options.rows ?? 4}" cols="80"${options.required ? html` required` : ''}${options.hint ? html` aria-describedby="${name}-hint"` : ''}>${value ?? ''}</textarea></p>`;
}

export function selectField(
  name: string,
  label: string,
  choices: readonly (readonly [value: string, text: string])[],
  selected: string | null | undefined,
): SafeHtml {
  return html`<p><label for="${name}">${label}</label><br><select id="${name}" name="${name}">${choices.map(
    ([value, text]) => html`<option value="${value}"${value === (selected ?? '') ? html` selected` : ''}>${text}</option>`,
  )}</select></p>`;
}

export function checkbox(name: string, label: string, checked: boolean): SafeHtml {
  return html`<p><label><input type="checkbox" name="${name}" value="true"${checked ? html` checked` : ''}> ${label}</label></p>`;
}

/** A form that POSTs to `action` with the CSRF field and one submit button. */
export function postForm(
  action: string,
  csrf: SafeHtml,
  fields: SafeHtml | SafeHtml[],
  submit: string,
  options: { secondary?: boolean } = {},
): SafeHtml {
  return html`<form method="post" action="${action}">${csrf}${fields}<button type="submit"${options.secondary ? html` class="secondary"` : ''}>${submit}</button></form>`;
}

/** A list typed one item per line (tags, FAQs' questions): trimmed, empty lines dropped. */
export function lines(value: string | undefined): string[] {
  return (value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** An optional text field: undefined when left empty (so the operation keeps its default or the stored value). */
export function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
