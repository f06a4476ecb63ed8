import { Field, ID, ObjectType } from 'type-graphql';
import { TokenSetType } from '../sessions/session.types.js';

@ObjectType()
export class MobileChallenge {
  @Field(() => String, { description: '64 random bytes, base64url; the device signs the raw bytes' })
  challenge!: string;

  @Field(() => String)
  expiresAt!: string;

  @Field(() => ID)
  sessionId!: string;
}

@ObjectType()
export class BiometricLoginResult {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => TokenSetType, { description: 'The access token is a biometric access token (15 minutes).' })
  tokens!: TokenSetType;
}
