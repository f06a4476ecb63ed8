import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/** A full collection now; the bench's process runs without --expose-gc, so the flag is set for it once. */
export function collectGarbageNow(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/** Three full collections with pauses between them, so that what finalizers let go is collected too. */
export async function collectGarbage(): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    collectGarbageNow();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
