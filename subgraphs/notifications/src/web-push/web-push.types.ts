import { Field, InputType, ObjectType } from 'type-graphql';

@InputType({ description: "A browser's PushSubscription, as its toJSON() gives it (keys flattened)." })
export class WebPushSubscriptionInput {
  @Field(() => String, { description: "The push service's https URL for this browser" })
  endpoint!: string;

  @Field(() => String, { description: "keys.p256dh: the browser's P-256 public key, base64url" })
  p256dh!: string;

  @Field(() => String, { description: 'keys.auth: the 16-byte authentication secret, base64url' })
  auth!: string;
}

@ObjectType({ description: 'A browser subscribed to Web Push for the signed-in user.' })
export class WebPushSubscriptionType {
  @Field(() => String)
  endpoint!: string;

  @Field(() => String)
  createdAt!: string;
}

@ObjectType()
export class WebPushSettings {
  @Field(() => String, {
    nullable: true,
    description: 'The VAPID public key (applicationServerKey), base64url; null when Web Push is off',
  })
  publicKey!: string | null;

  @Field(() => [WebPushSubscriptionType])
  subscriptions!: WebPushSubscriptionType[];
}
