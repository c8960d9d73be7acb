/**
 * Tells the notification worker that delivery rows were just committed, so it sends them at once instead of at
 * its next poll. Only a hint: the worker polls anyway, and another instance may well deliver the rows first.
 */
export class OutboxSignal {
  private readonly listeners = new Set<() => void>();

  nudge(): void {
    for (const listener of this.listeners) listener();
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
