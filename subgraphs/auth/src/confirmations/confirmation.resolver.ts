import { Arg, Args, Ctx, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import type { AuthContext } from '../context.js';
import {
  ConfirmationDecisionResult,
  ConfirmationStatusChange,
  ConfirmationType,
  InitiateConfirmationArgs,
  InitiatedConfirmation,
} from './confirmation.types.js';
import type { Parent } from '@platform/lib/graphql/parent';

/** Action confirmations; a standard or a biometric access token (decisions: Token kinds). */
@Resolver()
export class ConfirmationResolver {
  @Mutation(() => InitiatedConfirmation)
  initiateConfirmation(@Args(() => InitiateConfirmationArgs) args: InitiateConfirmationArgs, @Ctx() ctx: AuthContext) {
    return ctx.auth.confirmations.initiate(userOf(ctx), { ...args });
  }

  @Query(() => ConfirmationType)
  confirmationStatus(@Arg('confirmationId', () => String) confirmationId: string, @Ctx() ctx: AuthContext) {
    return ctx.auth.confirmations.status(userOf(ctx), confirmationId);
  }

  @Query(() => String, {
    description:
      'The entity tag of `confirmationStatus`: changes when the confirmation is decided or the status it shows changes (a pending one past its window reads expired)',
  })
  confirmationStatusEntityTag(@Arg('confirmationId', () => String) confirmationId: string, @Ctx() ctx: AuthContext) {
    return ctx.auth.confirmations.statusTag(userOf(ctx), confirmationId);
  }

  @Mutation(() => ConfirmationDecisionResult)
  verifyConfirmation(
    @Arg('confirmationId', () => String) confirmationId: string,
    @Arg('deviceId', () => String) deviceId: string,
    @Arg('signedChallenge', () => String) signedChallenge: string,
    @Arg('matchedNumber', () => Int, { nullable: true }) matchedNumber: number | null,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.confirmations.verify(userOf(ctx), confirmationId, { deviceId, signedChallenge, matchedNumber });
  }

  @Mutation(() => ConfirmationDecisionResult)
  rejectConfirmation(
    @Arg('confirmationId', () => String) confirmationId: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Arg('signedRejection', () => String, { nullable: true }) signedRejection: string | null,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.confirmations.reject(userOf(ctx), confirmationId, { reason, signedRejection });
  }

  @Subscription(() => ConfirmationStatusChange, {
    description: 'Status changes of one of your confirmations: `approved`, `rejected` or `expired`.',
    subscribe: ({ args, context }) => {
      const ctx = context as AuthContext;
      return ctx.auth.confirmations.statusChanges(userOf(ctx), String(args.confirmationId));
    },
  })
  confirmationStatusChanged(
    @Arg('confirmationId', () => String) _confirmationId: string,
    @Root() event: Parent<ConfirmationStatusChange>,
  ): ConfirmationStatusChange {
    return event;
  }
}
