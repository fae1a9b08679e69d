/** The JSON text of each result object, made once: a cached answer is the same object on every hit. */
const texts = new WeakMap<object, string>();

/** An operation's result as JSON (REST's body, MCP's text block and structured content). */
export function resultJson(result: Record<string, unknown>): string {
  let text = texts.get(result);
  if (text === undefined) {
    text = JSON.stringify(result);
    texts.set(result, text);
  }
  return text;
}
