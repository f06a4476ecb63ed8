import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { AuthContext } from '../context.js';
import { TokenSetType } from '../sessions/session.types.js';
import { BiometricLoginResult, MobileChallenge } from './mobile.types.js';

/** Public operations: the device's signature is the credential (auth spec, Mobile biometric login). */
@Resolver()
export class MobileResolver {
  @Mutation(() => MobileChallenge)
  mobileChallenge(@Arg('deviceFingerprint', () => String) deviceFingerprint: string, @Ctx() ctx: AuthContext) {
    return ctx.auth.mobile.challenge({ deviceFingerprint });
  }

  @Mutation(() => BiometricLoginResult)
  mobileBiometricLogin(
    @Arg('sessionId', () => String) sessionId: string,
    @Arg('signedChallenge', () => String) signedChallenge: string,
    @Arg('rememberMe', () => Boolean, { nullable: true }) rememberMe: boolean | null,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.mobile.biometricLogin({ sessionId, signedChallenge, rememberMe });
  }

  @Mutation(() => TokenSetType, { description: 'Rotates a biometric refresh token; needs X-Device-Fingerprint.' })
  mobileRefresh(@Arg('refreshToken', () => String) refreshToken: string, @Ctx() ctx: AuthContext) {
    return ctx.auth.mobile.refresh({ refreshToken });
  }
}
