import { Field, ID, InputType, ObjectType } from 'type-graphql';

@ObjectType('RegisteredDevice', { description: 'A device registered for device-bound login (auth spec, Device).' })
export class RegisteredDeviceType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  deviceName!: string;

  @Field(() => String, { description: '`mobile`, `desktop` or `tablet`' })
  deviceType!: string;

  @Field(() => String)
  deviceFingerprint!: string;

  @Field(() => Boolean)
  isActive!: boolean;

  @Field(() => String, { nullable: true })
  lastUsedAt!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;
}

@InputType()
export class RegisterDeviceChallengeInput {
  @Field(() => String)
  deviceName!: string;

  @Field(() => String, { description: '`mobile`, `desktop` or `tablet`' })
  deviceType!: string;

  @Field(() => String)
  deviceFingerprint!: string;

  @Field(() => String, { description: 'PEM, at most 10240 bytes' })
  publicKey!: string;

  @Field(() => String, { description: '`ES256`, `RS256` or `PS256`' })
  keyAlgorithm!: string;
}

@ObjectType()
export class DeviceRegistrationChallenge {
  @Field(() => String, { description: '64 random bytes, base64url; the device signs the raw bytes' })
  challenge!: string;

  @Field(() => String)
  expiresAt!: string;

  @Field(() => ID)
  deviceId!: string;

  @Field(() => ID)
  sessionId!: string;
}

@ObjectType()
export class DeviceRegistrationResult {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => ID)
  deviceId!: string;

  @Field(() => RegisteredDeviceType)
  device!: RegisteredDeviceType;
}

@ObjectType()
export class DeviceActionResult {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => String)
  message!: string;
}
