/** decodeURIComponent, or the text as it is when it is not valid percent-encoding. */
export function decodeUriComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
