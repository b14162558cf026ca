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
  /** The game signed on to when the line was answered (see Reply.scope). */
  game?: number | null;
}

/** A game's part of a reply: what was answered while the mail was signed on to it. */
export interface ReplyPart {
  game: number;
}

export class Reply {
  readonly done: { text: string; game: number | null }[] = [];
  readonly rejected: Rejection[] = [];
  readonly sections: { title: string; body: string; game: number | null }[] = [];
  /** The signed-on player's standing (orders, DP left, unordered units); filled last. */
  standing = '';
  /** The deadline of the game signed on to, in its time zone, and the time left; filled last. */
  clock = '';
  /**
   * The game the mail is signed on to now. Each answer is filed under it, so that a copy sent to a seat's
   * owner (a SIGNON from another address) carries that game's part alone, never another game's ROSTER.
   */
  scope: () => number | null = () => null;

  ok(text: string): void {
    this.done.push({ text, game: this.scope() });
  }

  /**
   * `exact`: the text is a password command's line as the tokenizer masked it, its game named: each password
   * word is masked already, so the game and power stay readable ("OBSERVE game ********").
   */
  reject(line: number, text: string, reason: string, suggestion?: string, exact = false): void {
    // Whatever the caller passes, nothing that looks like a password goes back out (secrets.ts).
    const masked = suggestion && maskSecrets(suggestion);
    const shown = exact ? text : maskSecrets(text);
    this.rejected.push({ line, text: shown, reason, suggestion: masked, game: this.scope() });
  }

  section(title: string, body: string): void {
    this.sections.push({ title, body: body.replace(/\s+$/, ''), game: this.scope() });
  }

  /** The whole reply, or with `part` only what was answered under that game (standing and clock if last). */
  render(part?: ReplyPart): string {
    const mine = <T extends { game?: number | null }>(xs: T[]) => (part ? xs.filter((x) => x.game === part.game) : xs);
    const doneItems = mine(this.done);
    const rejectedItems = mine(this.rejected);
    const done = doneItems.length ? doneItems.map((d) => `* ${d.text}`).join('\n') : '* Nothing was changed.';
    const rejected = rejectedItems.length
      ? [
          `${rejectedItems.length} line${rejectedItems.length === 1 ? ' was' : 's were'} rejected:`,
          ...[...rejectedItems]
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
    const sections = mine(this.sections)
      .map((s) => `${s.title}\n${'-'.repeat(Math.min(70, s.title.length))}\n${s.body}`)
      .join('\n\n');
    // The standing and the clock are those of the game signed on to at the end of the mail.
    const last = !part || this.scope() === part.game;
    return renderTemplate('reply', {
      done,
      rejected,
      sections,
      standing: last ? this.standing.replace(/\s+$/, '') : '',
      clock: last ? this.clock : '',
    });
  }
}
