// A run-then-sleep loop shared by the transports that poll (mail directory inbox, outbox worker):
// a run never overlaps the next, a failed run is reported and the loop goes on, and stop() ends
// the sleep at once.
export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private active = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly delayMs: () => number,
    private readonly report: (error: unknown) => void,
  ) {}

  get running(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    const round = async () => {
      if (!this.active) return;
      try {
        await this.run();
      } catch (error) {
        this.report(error);
      }
      if (this.active) this.timer = setTimeout(round, this.delayMs());
    };
    void round();
  }

  stop(): void {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
