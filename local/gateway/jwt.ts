import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export interface JwtAuthorizerOptions {
  /** Issuer the tokens must carry: `http://<host>:<port>/<userPoolId>` for the local pool. */
  issuer: string;
  /** The web client ids allowed, as the production authorizer's `audience` list. */
  audience: string[];
  jwksUri: string;
}

export class JwtRejected extends Error {}

/**
 * Verifies a bearer token with the rules of API Gateway's JWT authorizer: RS256 signature from the
 * pool's JWKS, exact issuer, unexpired, and an audience match on `aud` (ID tokens) or `client_id`
 * (access tokens, which carry no `aud`).
 */
export function createJwtVerifier(options: JwtAuthorizerOptions) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUri), { cooldownDuration: 1000 });
  return async function verify(authorization: string | undefined): Promise<JWTPayload> {
    if (!authorization) throw new JwtRejected('missing token');
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    if (!token) throw new JwtRejected('missing token');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        algorithms: ['RS256'],
        clockTolerance: 0,
      }));
    } catch (error) {
      throw new JwtRejected((error as Error).message);
    }
    if (typeof payload.exp !== 'number') throw new JwtRejected('token has no expiry');
    const audiences = [
      ...(Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : []),
      ...(typeof payload.client_id === 'string' ? [payload.client_id] : []),
    ];
    if (!audiences.some((aud) => options.audience.includes(aud))) {
      throw new JwtRejected('audience not allowed');
    }
    return payload;
  };
}
