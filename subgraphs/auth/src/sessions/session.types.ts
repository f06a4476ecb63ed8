import { ArgsType, Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Access and refresh tokens with their expiry times (ISO 8601 UTC).' })
export class TokenSetType {
  @Field(() => String)
  accessToken!: string;

  @Field(() => String)
  refreshToken!: string;

  @Field(() => String)
  accessTokenExpiresAt!: string;

  @Field(() => String)
  refreshTokenExpiresAt!: string;
}

@ObjectType()
export class LogoutResult {
  @Field(() => Boolean)
  success!: boolean;
}

@ArgsType()
export class LoginArgs {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;

  @Field(() => Boolean, { nullable: true })
  rememberMe?: boolean | null;
}
