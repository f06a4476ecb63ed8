import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { userOf } from '@platform/lib/graphql/context';
import type { AuthContext } from '../context.js';
import { TokenSetType } from '../sessions/session.types.js';
import { PasskeyActionResult, PasskeyChallenge, PasskeyRegistrationResult, PasskeyType } from './passkey.types.js';

/** Passkeys (auth spec, Passkey (WebAuthn)): registration and management with a bearer, login public. */
@Resolver()
export class PasskeyResolver {
  @Query(() => [PasskeyType], { description: "The signed-in user's passkeys, oldest first." })
  myPasskeys(@Ctx() ctx: AuthContext) {
    return ctx.auth.passkeys.list(userOf(ctx));
  }

  @Mutation(() => PasskeyChallenge)
  beginPasskeyRegistration(
    @Arg('userVerification', () => String, { nullable: true }) userVerification: string | null,
    @Arg('authenticatorSelection', () => GraphQLJSONObject, { nullable: true })
    authenticatorSelection: Record<string, unknown> | null,
    @Arg('conditional', () => Boolean, {
      nullable: true,
      description: 'A conditional create (automatic upgrade), offered only right after a password sign-in.',
    })
    conditional: boolean | null,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.passkeyRegistration.begin(userOf(ctx), { userVerification, authenticatorSelection, conditional });
  }

  @Mutation(() => PasskeyRegistrationResult)
  finishPasskeyRegistration(
    @Arg('challengeId', () => String) challengeId: string,
    @Arg('credential', () => GraphQLJSONObject) credential: Record<string, unknown>,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.passkeyRegistration.finish(userOf(ctx), { challengeId, credential });
  }

  @Mutation(() => PasskeyChallenge)
  beginPasskeyLogin(
    @Arg('email', () => String) email: string,
    @Arg('userVerification', () => String, { nullable: true }) userVerification: string | null,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.passkeyLogin.begin({ email, userVerification });
  }

  @Mutation(() => PasskeyChallenge, {
    description: 'Options for passkey autofill (conditional mediation): no e-mail, no credential list (issue 27).',
  })
  beginPasskeyAutofill(@Ctx() ctx: AuthContext) {
    return ctx.auth.passkeyLogin.beginAutofill();
  }

  @Mutation(() => TokenSetType)
  finishPasskeyLogin(
    @Arg('challengeId', () => String) challengeId: string,
    @Arg('credential', () => GraphQLJSONObject) credential: Record<string, unknown>,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.passkeyLogin.finish({ challengeId, credential });
  }

  @Mutation(() => PasskeyType)
  renamePasskey(@Arg('id', () => String) id: string, @Arg('name', () => String) name: string, @Ctx() ctx: AuthContext) {
    return ctx.auth.passkeys.rename(userOf(ctx), { id, name });
  }

  @Mutation(() => PasskeyActionResult)
  deletePasskey(@Arg('id', () => String) id: string, @Ctx() ctx: AuthContext) {
    return ctx.auth.passkeys.delete(userOf(ctx), { id });
  }
}
