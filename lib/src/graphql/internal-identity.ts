import type { JWTPayload } from 'jose';
import type { Caller } from '../auth/caller.js';
import type { TokenCodec } from '../auth/token-codec.js';
import { tokenKinds, tokenLifetimes } from '../auth/token-kinds.js';
import {
  InvalidInternalIdentityError,
  MissingInternalIdentityError,
  RelayedAuthFailureError,
} from '../auth/auth.errors.js';
import type { GatewayContext, RequestInfo } from './context.js';

interface IdentityClaims extends JWTPayload {
  caller: Caller | null;
  request: RequestInfo;
  auth_failure?: string;
}

const signedFor = new WeakMap<GatewayContext, Promise<string>>();

/** The gateway's verified view of a request, signed for one minute, for subgraphs in other processes. */
export class InternalIdentity {
  constructor(private readonly codec: TokenCodec) {}

  /** One token per request, however many subgraph fetches it makes. */
  sign(context: GatewayContext): Promise<string> {
    let token = signedFor.get(context);
    if (!token) {
      token = this.signAnew(context);
      signedFor.set(context, token);
    }
    return token;
  }

  /** A token of its own, for a connection opened later than the request (a subscription resumed by the edge). */
  signAnew(context: GatewayContext): Promise<string> {
    const claims: IdentityClaims = {
      caller: context.caller,
      request: context.request,
      ...(context.authFailure ? { auth_failure: context.authFailure.message } : {}),
    };
    return this.codec
      .sign(tokenKinds.internalIdentity, 'gateway', { ...claims }, tokenLifetimes.internalIdentityMs)
      .then((issued) => issued.token);
  }

  async verify(token: string | undefined): Promise<GatewayContext> {
    if (!token) throw new MissingInternalIdentityError();
    const claims = await this.codec.verify<IdentityClaims>(
      token,
      [tokenKinds.internalIdentity],
      () => new InvalidInternalIdentityError(),
    );
    return {
      caller: claims.caller,
      request: claims.request,
      authFailure: claims.auth_failure ? new RelayedAuthFailureError(claims.auth_failure) : null,
    };
  }
}
