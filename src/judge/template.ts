// A tiny renderer for the plain-text mail templates in templates/: `{{name}}` is replaced by the
// value, and a line holding only `{{name}}` whose value is empty disappears (so optional sections
// leave no blank holes). Unknown placeholders are an error: a template typo must not reach players.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_DIR } from '../core/install-dir.js';

const TEMPLATE_DIR = join(INSTALL_DIR, 'templates');
const cache = new Map<string, string>();

export type TemplateName =
  | 'reply'
  | 'results'
  | 'game-start'
  | 'bid-chart'
  | 'press'
  | 'deadline-change'
  | 'notice'
  | 'help'
  | 'reminder'
  | 'late-notice'
  | 'grace-over'
  | 'gm-late'
  | 'late-powers';

function load(name: TemplateName): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(join(TEMPLATE_DIR, `${name}.txt`), 'utf8');
    cache.set(name, text);
  }
  return text;
}

export function renderText(template: string, values: Record<string, string>): string {
  const lines = template.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const alone = /^\s*\{\{(\w+)\}\}\s*$/.exec(line);
    if (alone) {
      const value = lookup(values, alone[1]);
      if (value !== '') out.push(value.replace(/\n+$/, ''));
      continue;
    }
    out.push(line.replace(/\{\{(\w+)\}\}/g, (_, key: string) => lookup(values, key)));
  }
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .replace(/^\s*\n/, '')
      .replace(/\s+$/, '') + '\n'
  );
}

function lookup(values: Record<string, string>, key: string): string {
  if (!(key in values)) throw new Error(`template placeholder {{${key}}} has no value`);
  return values[key];
}

export function renderTemplate(name: TemplateName, values: Record<string, string>): string {
  return renderText(load(name), values);
}

/** The first line of every reply (templates/reply.txt): how the judge knows its own reply come back. */
export const REPLY_OPENING = 'What the judge did with your mail:';
