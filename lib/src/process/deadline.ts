/** The moment a shutdown must be done by; each step takes what is left of it. */
export class Deadline {
  private readonly at: number;

  constructor(ms: number) {
    this.at = Date.now() + ms;
  }

  /** Milliseconds left, never below zero. */
  remaining(): number {
    return Math.max(0, this.at - Date.now());
  }

  /** `true` once `work` settles, `false` if the deadline comes first (the work goes on unawaited). */
  async bounds(work: Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const passed = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.remaining());
    });
    try {
      return await Promise.race([work.then(() => true as const), passed]);
    } finally {
      clearTimeout(timer);
    }
  }
}
