import type { UserCaller } from '@platform/lib/auth/caller';
import { tokenKinds, tokenLifetimes } from '@platform/lib/auth/token-kinds';
import { AppError } from '@platform/lib/errors';
import { validate, z } from '@platform/lib/validation';
import { InvalidCredentialsError, InvalidRefreshTokenError } from './session.errors.js';
import type { TokenCodec } from '@platform/lib/auth/token-codec';
import type { RequestInfo } from '@platform/lib/graphql/context';
import type { NotificationProducer } from '@platform/lib/notifications/producer';
import type { RateLimiter } from '@platform/lib/rate-limit';
import type { AuditAction } from '../audit/audit-entry.entity.js';
import type { AuditWriter } from '../audit/audit.service.js';
import { userClaimsOf } from '../users/user-claims.js';
import type { User } from '../users/user.entity.js';
import type { UserRepository } from '../users/user.repository.js';
import type { LoginLockout } from './login-lockout.js';
import { verifyPassword } from '../users/password-hasher.js';
import { securityEvents } from '../security-events.js';
import type { TokenFamily } from './token-family.entity.js';
import type { TokenFamilyService } from './token-family.service.js';
import { tokenSetOf, type TokenSet } from './token-set.js';

/** Checked after the limits, so that REST and the graph count the same requests (the REST shape checks types only). */
const loginInput = z.object({
  email: z.string().min(1, 'is required').max(255),
  password: z.string().min(1, 'is required').max(1024),
  rememberMe: z.boolean().nullish(),
});
const refreshInput = z.object({ refreshToken: z.string().min(1, 'is required').max(4096) });

export interface OpenedSession {
  tokens: TokenSet;
  family: TokenFamily;
}

export interface LoginInput {
  email: string;
  password: string;
  rememberMe?: boolean | null;
}

export interface SessionServiceDependencies {
  users: UserRepository;
  families: TokenFamilyService;
  lockout: LoginLockout;
  rateLimiter: RateLimiter;
  codec: TokenCodec;
  /** Security events to the account's owner, raised as the auth service. */
  notifications: NotificationProducer;
  audit: AuditWriter;
  request: RequestInfo;
}

/** Standard e-mail and password sessions: login, refresh rotation, logout. */
export class SessionService {
  constructor(private readonly deps: SessionServiceDependencies) {}

  async login(input: LoginInput): Promise<TokenSet> {
    const email = input.email.trim().toLowerCase();
    // Every attempt counts, whatever its answer (decisions: Rate limits): the limit comes before any check.
    await this.deps.rateLimiter.charge('authentication', `ip:${this.deps.request.ip}`, `email:${email}`);
    validate(loginInput, input);
    if (await this.deps.lockout.isLocked(email)) {
      await this.deps.audit.record({ action: 'login', result: 'locked', details: { email } });
      throw new InvalidCredentialsError();
    }
    const user = await this.deps.users.findByEmailWithClaims(email);
    const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !passwordMatches || user.status !== 'active') {
      const locked = await this.deps.lockout.recordFailure(email);
      await this.deps.audit.record({
        action: 'login',
        result: locked ? 'locked' : 'failure',
        userId: user?.id,
        errorCode: user && passwordMatches ? 'USER_DISABLED' : 'INVALID_CREDENTIALS',
        details: { email },
      });
      if (locked && user) await this.notifyLocked(user);
      throw new InvalidCredentialsError();
    }
    await this.deps.lockout.clear(email);
    const session = await this.openSession(user, input.rememberMe === true, 'password');
    await this.deps.audit.record({ action: 'login', result: 'success', userId: user.id });
    await this.noticeNewClient(user, session.family);
    return session.tokens;
  }

  async refresh(refreshToken: string): Promise<TokenSet> {
    await this.deps.rateLimiter.charge('authentication', `ip:${this.deps.request.ip}`);
    validate(refreshInput, { refreshToken });
    let userId: number | undefined;
    try {
      const claims = await this.deps.families.verifyRefresh(refreshToken, 'standard');
      userId = Number(claims.sub);
      await this.deps.rateLimiter.charge('authentication', `family:${claims.token_family}`);
      const tokens = await this.deps.families.rotate(refreshToken, claims, async (family) =>
        this.issue(await this.activeUser(family.userId), family),
      );
      await this.deps.audit.record({ action: 'refresh', result: 'success', userId });
      return tokens;
    } catch (error) {
      // A verified token names its user: a detected reuse is attributed to the account it threatens.
      await this.auditFailure('refresh', error, userId);
      throw error;
    }
  }

  async logout(caller: UserCaller, refreshToken: string): Promise<boolean> {
    const claims = await this.deps.families.verifyRefresh(refreshToken, 'standard').catch(async (error: unknown) => {
      await this.auditFailure('logout', error, caller.userId);
      throw error;
    });
    const family = await this.deps.families.findFamily(claims.token_family);
    if (!family || family.userId !== caller.userId) {
      await this.deps.audit.record({
        action: 'logout',
        result: 'failure',
        userId: caller.userId,
        errorCode: 'UNAUTHENTICATED',
      });
      throw new InvalidRefreshTokenError();
    }
    await this.deps.families.revoke(family);
    if (caller.sessionId !== family.id) {
      const session = await this.deps.families.findFamily(caller.sessionId);
      if (session) await this.deps.families.revoke(session);
    }
    await this.deps.audit.record({ action: 'logout', result: 'success', userId: caller.userId });
    return true;
  }

  /**
   * The standard token set of a new session, for any way of signing in (password, passkey). The caller tells the
   * owner about a new browser (`noticeNewClient`) once the sign-in has committed.
   */
  async openSession(user: User, rememberMe: boolean, method: 'password' | 'passkey'): Promise<OpenedSession> {
    const family = this.deps.families.open(user.id, method, rememberMe);
    return { tokens: await this.issue(user, family), family };
  }

  /**
   * A sign-in from a browser and OS the account has not signed in from before puts a notice in the owner's inbox
   * (issue 27, item 3). The account's first sign-in is expected, so it is not announced.
   */
  async noticeNewClient(user: User, family: TokenFamily): Promise<void> {
    if (!(await this.deps.families.newClient(family))) return;
    await this.deps.notifications.raise(securityEvents.newSignIn(user, family));
  }

  private async activeUser(userId: number): Promise<User> {
    const user = await this.deps.users.findWithClaims(userId);
    if (!user || user.status !== 'active') throw new InvalidRefreshTokenError();
    return user;
  }

  private async issue(user: User, family: TokenFamily): Promise<TokenSet> {
    const access = await this.deps.codec.sign(
      tokenKinds.access,
      String(user.id),
      { ...userClaimsOf(user), session_id: family.id },
      tokenLifetimes.accessMs,
    );
    const refresh = await this.deps.families.issueRefresh(family);
    return tokenSetOf(access, refresh);
  }

  /** Security event to the account's owner through the one notification path (issue 4, producers). */
  private notifyLocked(user: User): Promise<void> {
    return this.deps.notifications.raise({
      message: 'Your account was locked for 15 minutes after repeated failed sign-in attempts.',
      title: 'Account locked',
      triggerEvent: 'account_locked',
      emailTemplate: 'account-locked',
      recipients: [{ userId: user.id, email: user.email, channels: ['in_app', 'email'] }],
    });
  }

  private async auditFailure(action: AuditAction, error: unknown, userId?: number): Promise<void> {
    const errorCode = error instanceof AppError ? error.code : 'INTERNAL';
    await this.deps.audit.record({ action, result: 'failure', userId, errorCode });
  }
}
