// The one reply every mail gets: what was done, every rejected line with its reason (and a
// suggestion), extra sections asked for (LIST, STATUS, HISTORY...), and the player's standing.
import { maskSecrets } from './commands/secrets.js';
import { renderTemplate } from './template.js';

export interface Rejection {
  line: number;
  /** The line as written, passwords already masked. */
  text: string;
  reason: string;
  suggestion?: string;
}

export class Reply {
  readonly done: string[] = [];
  readonly rejected: Rejection[] = [];
  readonly sections: { title: string; body: string }[] = [];
  /** The signed-on player's standing (orders, DP left, unordered units); filled last. */
  standing = '';
  /** The deadline of the game signed on to, in its time zone, and the time left; filled last. */
  clock = '';

  ok(text: string): void {
    this.done.push(text);
  }

  reject(line: number, text: string, reason: string, suggestion?: string): void {
    // Whatever the caller passes, nothing that looks like a password goes back out (secrets.ts).
    this.rejected.push({ line, text: maskSecrets(text), reason, suggestion: suggestion && maskSecrets(suggestion) });
  }

  section(title: string, body: string): void {
    this.sections.push({ title, body: body.replace(/\s+$/, '') });
  }

  render(): string {
    const done = this.done.length ? this.done.map((d) => `* ${d}`).join('\n') : '* Nothing was changed.';
    const rejected = this.rejected.length
      ? [
          `${this.rejected.length} line${this.rejected.length === 1 ? ' was' : 's were'} rejected:`,
          ...[...this.rejected]
            .sort((a, b) => a.line - b.line)
            .map((r) => {
              const head = `  line ${r.line}: ${r.text}\n      -> ${r.reason}`;
              if (!r.suggestion) return head;
              // Suggestions from the order reader already say "did you mean …".
              const hint = /^did you mean/i.test(r.suggestion) ? r.suggestion : `did you mean: ${r.suggestion}`;
              return `${head}\n      ${hint}`;
            }),
        ].join('\n')
      : '';
    const sections = this.sections
      .map((s) => `${s.title}\n${'-'.repeat(Math.min(70, s.title.length))}\n${s.body}`)
      .join('\n\n');
    return renderTemplate('reply', {
      done,
      rejected,
      sections,
      standing: this.standing.replace(/\s+$/, ''),
      clock: this.clock,
    });
  }
}
