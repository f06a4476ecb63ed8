import { Field, ID, InputType, ObjectType } from 'type-graphql';

/** How a device names itself, when registering and when listed. Reached by no resolver, so not in the schema. */
@ObjectType('DeviceIdentityFields')
@InputType('DeviceIdentityFieldsInput')
class DeviceIdentityFields {
  @Field(() => String)
  deviceName!: string;

  @Field(() => String, { description: '`mobile`, `desktop` or `tablet`' })
  deviceType!: string;

  @Field(() => String)
  deviceFingerprint!: string;
}

@ObjectType('RegisteredDevice', { description: 'A device registered for device-bound login (auth spec, Device).' })
export class RegisteredDeviceType extends DeviceIdentityFields {
  @Field(() => ID)
  id!: string;

  @Field(() => Boolean)
  isActive!: boolean;

  @Field(() => String, { nullable: true })
  lastUsedAt!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;

  @Field(() => String, {
    description:
      '`high`, `medium` or `low`: the trust level a biometric login with this device carries now (key, type, last use)',
  })
  trustLevel!: string;
}

@InputType()
export class RegisterDeviceChallengeInput extends DeviceIdentityFields {
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

/** What every device operation answers first. Reached by no resolver, so not in the schema itself. */
@ObjectType('DeviceOperationOutcome')
class DeviceOperationOutcome {
  @Field(() => Boolean)
  success!: boolean;
}

@ObjectType()
export class DeviceRegistrationResult extends DeviceOperationOutcome {
  @Field(() => ID)
  deviceId!: string;

  @Field(() => RegisteredDeviceType)
  device!: RegisteredDeviceType;
}

@ObjectType()
export class DeviceActionResult extends DeviceOperationOutcome {
  @Field(() => String)
  message!: string;
}
