/** A position file was refused; `problems` lists each as `file:line: message`. */
export class PositionError extends Error {
  constructor(readonly problems: string[]) {
    super(`position refused, ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    this.name = 'PositionError';
  }
}
