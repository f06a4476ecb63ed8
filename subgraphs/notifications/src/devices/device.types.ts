import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';

/** The auth subgraph's user, referenced by id; its fields are resolved there through the graph. */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('User')
export class UserReference {
  @Field(() => Int)
  id!: number;
}

@ObjectType('PushDevice', { description: 'A device registered for push delivery.' })
export class DeviceType {
  @Field(() => String)
  deviceId!: string;

  @Field(() => String, { nullable: true })
  deviceName!: string | null;

  @Field(() => String, { nullable: true })
  deviceType!: string | null;

  @Field(() => String, { nullable: true })
  fcmToken!: string | null;

  @Field(() => String, { nullable: true, description: 'Player identifier at the second push provider' })
  providerPlayerId!: string | null;

  @Field(() => Boolean)
  tokenInvalid!: boolean;

  @Field(() => String, { nullable: true })
  invalidSince!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;

  @Field(() => Int)
  userId!: number;

  @Field(() => UserReference)
  user!: UserReference;
}

@InputType()
export class RegisterPushDeviceInput {
  @Field(() => String)
  deviceId!: string;

  @Field(() => String, { nullable: true })
  deviceName?: string | null;

  @Field(() => String, { nullable: true })
  deviceType?: string | null;

  @Field(() => String, { nullable: true })
  fcmToken?: string | null;

  @Field(() => String, { nullable: true })
  providerPlayerId?: string | null;
}

@ObjectType()
export class PushDeviceRegistration {
  @Field(() => String)
  message!: string;

  @Field(() => Boolean, { description: 'True when the device was registered for the first time' })
  created!: boolean;
}

@ObjectType()
export class NotificationMessage {
  @Field(() => String)
  message!: string;
}
