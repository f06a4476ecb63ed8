import { describe, expect, it } from 'vitest';
import { receives, type PreferenceRow } from './preference.rules.js';

const row = (channel: string, triggerEvent: string, enabled: boolean): PreferenceRow => ({
  userId: 1,
  channel,
  triggerEvent,
  enabled,
});
const critical = new Set(['new_sign_in']);

describe('whether a preference lets a trigger event through on a channel', () => {
  it('receives everything without a preference', () => {
    expect(receives([], 'email', 'task_assigned', critical)).toBe(true);
    expect(receives([], 'push', null, critical)).toBe(true);
  });

  it("lets an event's own preference override the channel's *", () => {
    const rows = [row('email', '*', false), row('email', 'task_assigned', true)];
    expect(receives(rows, 'email', 'task_assigned', critical)).toBe(true);
    expect(receives(rows, 'email', 'task_commented', critical)).toBe(false);
    expect(receives(rows, 'email', null, critical)).toBe(false);
    expect(receives(rows, 'push', 'task_commented', critical)).toBe(true);
  });

  it('always delivers a critical event on in_app and email, never forcing push or web_push', () => {
    const rows = ['in_app', 'email', 'push', 'web_push'].map((channel) => row(channel, '*', false));
    expect(receives(rows, 'in_app', 'new_sign_in', critical)).toBe(true);
    expect(receives(rows, 'email', 'new_sign_in', critical)).toBe(true);
    expect(receives(rows, 'push', 'new_sign_in', critical)).toBe(false);
    expect(receives(rows, 'web_push', 'new_sign_in', critical)).toBe(false);
    expect(receives([row('in_app', 'new_sign_in', false)], 'in_app', 'new_sign_in', critical)).toBe(true);
  });
});
