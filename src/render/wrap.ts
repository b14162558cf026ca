// Word wrapping as the classic judges do it: lines of at most 75 characters, continuation
// lines indented so that columns (the ownership table) stay readable.

export const RESULTS_WIDTH = 75;

/**
 * Wraps `text` after `firstPrefix`; continuation lines start with `indent` spaces.
 * A single word longer than the line is left whole rather than broken.
 */
export function wrap(firstPrefix: string, text: string, indent = 0, width = RESULTS_WIDTH): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  const pad = ' '.repeat(indent);
  let current = firstPrefix;
  let empty = true;
  for (const word of words) {
    const candidate = empty ? current + word : `${current} ${word}`;
    if (!empty && candidate.length > width) {
      lines.push(current);
      current = pad + word;
    } else current = candidate;
    empty = false;
  }
  lines.push(current);
  return lines;
}

/** "A", "A and B", "A, B and C": powers, phases, places in a sentence. */
export function andList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "A", "A or B", "A, B or C": how DPjudge lists retreat options. */
export function orList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
