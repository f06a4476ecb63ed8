export type MessageHandler = (message: string) => void;

/**
 * Hands a channel's message to each local subscriber on its own: a handler that throws loses its own message,
 * never the other subscribers' (issue 23: another user's subscription must change nothing for the owner's).
 */
export function deliverEach(handlers: Iterable<MessageHandler>, message: string): void {
  for (const handler of [...handlers]) {
    try {
      handler(message);
    } catch {
      // That subscriber's own failure: the others still receive the message.
    }
  }
}
