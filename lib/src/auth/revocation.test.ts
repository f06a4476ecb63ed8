import { describe, expect, it } from 'vitest';
import { createMemoryStores } from '../store/memory-store.js';
import type { KeyValueStore } from '../store/ports.js';
import {
  Revocations,
  revocationMarkers,
  type Revocation,
  type RevocationMarker,
  type RevocationSource,
} from './revocation.js';

const now = () => 1_000_000;
const later = new Date(now() + 60_000);

/** The durable record as PostgreSQL would hold it, counting how it is asked. */
function recordOf(revocations: Revocation[]) {
  const asked = { unexpired: 0, anyRecorded: 0 };
  const source: RevocationSource = {
    unexpired: async () => {
      asked.unexpired += 1;
      return revocations;
    },
    anyRecorded: async (markers: RevocationMarker[]) => {
      asked.anyRecorded += 1;
      return markers.some((marker) => revocations.some((r) => r.kind === marker.kind && r.subject === marker.subject));
    },
  };
  return { source, asked };
}

function freshCache(): KeyValueStore {
  return createMemoryStores().keyValue;
}

describe('Revocations: Redis as a cache of the durable record', () => {
  const loggedOut = revocationMarkers.session('s-1');
  const other = revocationMarkers.session('s-2');

  it('a store without the epoch is not trusted: the markers are reloaded once, then answered from the store', async () => {
    const { source, asked } = recordOf([{ ...loggedOut, expiresAt: later }]);
    const revocations = new Revocations({ store: freshCache(), pubSub: createMemoryStores().pubSub, now });
    revocations.bindSource(source);

    expect(await revocations.anyRevoked([loggedOut])).toBe(true);
    expect(await revocations.anyRevoked([loggedOut])).toBe(true);
    expect(await revocations.anyRevoked([other])).toBe(false);
    expect(asked).toEqual({ unexpired: 1, anyRecorded: 0 });
  });

  it('while another instance holds the reload lock, the check is answered by the durable record', async () => {
    const store = freshCache();
    await store.setIfAbsent('revocations:loading', 'other instance', 5_000);
    const { source, asked } = recordOf([{ ...loggedOut, expiresAt: later }]);
    const revocations = new Revocations({ store, pubSub: createMemoryStores().pubSub, now });
    revocations.bindSource(source);

    expect(await revocations.anyRevoked([loggedOut])).toBe(true);
    expect(await revocations.anyRevoked([other])).toBe(false);
    expect(asked).toEqual({ unexpired: 0, anyRecorded: 2 });
  });

  it('without a durable record to consult, an untrusted store fails closed', async () => {
    const revocations = new Revocations({ store: freshCache(), pubSub: createMemoryStores().pubSub, now });
    await expect(revocations.anyRevoked([loggedOut])).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('a reload that fails releases the lock, so the next check tries again', async () => {
    const store = freshCache();
    const revocations = new Revocations({ store, pubSub: createMemoryStores().pubSub, now });
    let failing = true;
    revocations.bindSource({
      unexpired: async () => {
        if (failing) throw new Error('database down');
        return [];
      },
      anyRecorded: async () => false,
    });
    await expect(revocations.anyRevoked([loggedOut])).rejects.toThrow('database down');
    failing = false;
    expect(await revocations.anyRevoked([loggedOut])).toBe(false);
    expect(await store.get('revocations:loaded')).not.toBeNull();
  });
});
