/**
 * C0 and C1 control characters other than tab and line feed (BEL, ESC, SOH, BS, VT, FF, DEL, CSI…): nothing a person
 * writes needs them, and printed raw they drive the terminal that shows them. NUL is left to the storable-text check,
 * which refuses it.
 */
const CONTROL = /[\u0001-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text as it is stored: line breaks as LF (a form's CRLF and a lone CR each become one LF, so no line is lost) and
 * every other control character except tab removed. The one rule for everything people write.
 */
export function withoutControls(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

/** Control characters (NUL included) other than tab and line feed, for printing. */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text safe to print on an operator's terminal: each control character other than tab and line feed shown as its
 * escape (ESC as \x1b, a C1 CSI as \x9b), so stored text cannot send escape sequences to the terminal.
 */
export function escapeControls(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
