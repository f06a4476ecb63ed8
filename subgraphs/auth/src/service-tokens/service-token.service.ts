import { revocationMarkers } from '@platform/lib/auth/revocation';
import type { TokenCodec } from '@platform/lib/auth/token-codec';
import { tokenKinds } from '@platform/lib/auth/token-kinds';
import { ServiceTokenNotFoundError } from './service-token.errors.js';
import { uuid, validate, z } from '@platform/lib/validation';
import type { AuditWriter } from '../audit/audit.service.js';
import type { RevocationService } from '../revocations/revocation.service.js';
import type { ServiceTokenRepository } from './service-token.repository.js';

const issueInput = z.object({
  serviceName: z.string().regex(/^[a-z][a-z0-9-]{1,62}$/, 'must be 2-63 lowercase letters, digits or hyphens'),
  ttlDays: z.number().int().min(1, 'must be at least 1').max(365, 'must be at most 365').default(30),
});

export interface ServiceTokenServiceDependencies {
  serviceTokens: ServiceTokenRepository;
  codec: TokenCodec;
  revocations: RevocationService;
  audit: AuditWriter;
  now: () => number;
}

/** Service tokens for internal paths (decisions: Service tokens), recorded so they can be revoked. */
export class ServiceTokenService {
  constructor(private readonly deps: ServiceTokenServiceDependencies) {}

  async issue(input: { serviceName: string; ttlDays?: number | null }, issuedBy: number | null): Promise<string> {
    const { serviceName, ttlDays } = validate(issueInput, { ...input, ttlDays: input.ttlDays ?? undefined });
    const issued = await this.deps.codec.sign(
      tokenKinds.service,
      `service:${serviceName}`,
      { service: serviceName },
      ttlDays * 86_400_000,
    );
    await this.deps.serviceTokens.add({ id: issued.jti, serviceName, issuedBy, expiresAt: issued.expiresAt });
    await this.deps.audit.record({
      action: 'issue_service_token',
      result: 'success',
      userId: issuedBy,
      details: { serviceName },
    });
    return issued.token;
  }

  async revoke(id: string, revokedBy: number): Promise<boolean> {
    validate(z.object({ id: uuid }), { id });
    const record = await this.deps.serviceTokens.findById(id);
    if (!record) throw new ServiceTokenNotFoundError();
    // A service token lives up to a year: its revocation lasts as long as the token does.
    await this.deps.revocations.run(async (revoke) => {
      await this.deps.serviceTokens.revoke(record, new Date(this.deps.now()));
      revoke(revocationMarkers.token(id), record.expiresAt);
    });
    await this.deps.audit.record({
      action: 'revoke_service_token',
      result: 'success',
      userId: revokedBy,
      details: { id },
    });
    return true;
  }
}
