/**
 * Whether the process takes new work. Ready from the start (nothing answers before it listens); not ready from
 * the first shutdown signal on, so that the health answers turn 503 while the process drains.
 */
export class Readiness {
  private draining = false;

  get ready(): boolean {
    return !this.draining;
  }

  drain(): void {
    this.draining = true;
  }
}
