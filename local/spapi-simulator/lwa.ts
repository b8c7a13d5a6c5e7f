import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { renderConsentPage, renderErrorPage } from './consent-page';
import { MARKETPLACES } from './marketplaces';
import type { Scenario } from './scenario';

/** LWA client id the local stack is configured with. */
export const LOCAL_LWA_CLIENT_ID = 'amzn1.application-oa2-client.local';
/** LWA client secret the local stack is configured with. */
export const LOCAL_LWA_CLIENT_SECRET = 'local-lwa-secret';
/** SP-API application id the consent page accepts. */
export const LOCAL_SPAPI_APP_ID = 'amzn1.sp.solution.local';

/** "An LWA authorization code expires after five minutes." */
export const AUTHORIZATION_CODE_TTL_MS = 5 * 60 * 1000;
/** "After an access token is issued it is valid for one hour." */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** Where the consent page's form posts the seller's decision. */
export const CONSENT_CONFIRM_PATH = '/apps/authorize/confirm';

/** How the simulator's LWA and Seller Central behave. */
export interface LwaConfig {
  clientId: string;
  clientSecret: string;
  applicationId: string;
  applicationName: string;
  /** Used when the consent URL has no `redirect_uri`, as Amazon uses the app's registered one. */
  defaultRedirectUri?: string;
  /** A Draft app must be opened with `version=beta`, else Seller Central shows MD1000. */
  draftApp: boolean;
}

/** A plain HTTP answer from the LWA or consent endpoints. */
export type LwaResponse =
  | { status: number; json: unknown }
  | { status: number; html: string }
  | { status: 302; location: string };

interface IssuedCode {
  sellingPartnerId: string;
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

interface TokenClaims {
  kind: 'access' | 'refresh';
  sellingPartnerId: string;
  /** Epoch seconds; refresh tokens do not expire. */
  exp?: number;
  /** Wall-clock epoch milliseconds of issue; tokens signed before a revocation stop working. */
  iat?: number;
  nonce: string;
}

/** Result of checking an `x-amz-access-token` header. */
export type AccessTokenCheck =
  { ok: true; sellingPartnerId: string } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

function lwaError(status: number, error: string, description: string): LwaResponse {
  return { status, json: { error_description: description, error } };
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/**
 * Login with Amazon and the Seller Central consent screen. Access and refresh tokens are
 * HMAC-signed claims rather than table entries, so a refresh token stored by the local stack
 * keeps working after the simulator restarts. Authorization codes are remembered because
 * they must be single-use.
 */
export class Lwa {
  private readonly codes = new Map<string, IssuedCode>();
  /** Seller id → when the seller removed the app's authorization in Seller Central. */
  private readonly revokedAt = new Map<string, number>();
  private readonly key: Buffer;

  constructor(
    private readonly config: LwaConfig,
    private readonly now: () => Date,
    private readonly scenario: () => Scenario,
  ) {
    this.key = createHash('sha256')
      .update(`spapi-simulator\n${config.clientId}\n${config.clientSecret}`)
      .digest();
  }

  /** `GET /apps/authorize/consent`: the page, or an error screen when the link is wrong. */
  consentPage(query: URLSearchParams): LwaResponse {
    const checked = this.checkConsentRequest(query);
    if ('status' in checked) return checked;
    const { seller } = this.scenario();
    const html = renderConsentPage({
      applicationName: this.config.applicationName,
      storeName: seller.storeName,
      sellingPartnerId: seller.sellingPartnerId,
      marketplaceNames: seller.marketplaceIds.map((id) => MARKETPLACES.get(id)?.name ?? id),
      hidden: {
        application_id: checked.applicationId,
        state: checked.state,
        redirect_uri: checked.redirectUri,
        ...(checked.version ? { version: checked.version } : {}),
      },
      formAction: CONSENT_CONFIRM_PATH,
    });
    return { status: 200, html };
  }

  /** `POST /apps/authorize/confirm`: the seller pressed Authorize or Cancel. */
  confirmConsent(fields: Record<string, string>): LwaResponse {
    const checked = this.checkConsentRequest(new URLSearchParams(fields));
    if ('status' in checked) return checked;
    const target = new URL(checked.redirectUri);
    if (fields.decision === 'authorize') {
      const sellingPartnerId = this.scenario().seller.sellingPartnerId;
      target.searchParams.set('state', checked.state);
      target.searchParams.set('selling_partner_id', sellingPartnerId);
      target.searchParams.set(
        'spapi_oauth_code',
        this.issueCode(sellingPartnerId, checked.redirectUri),
      );
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The seller did not authorize the application');
      target.searchParams.set('state', checked.state);
    }
    return { status: 302, location: target.toString() };
  }

  private checkConsentRequest(
    query: URLSearchParams,
  ): LwaResponse | { applicationId: string; state: string; redirectUri: string; version?: string } {
    const applicationId = query.get('application_id') ?? '';
    if (applicationId !== this.config.applicationId) {
      return {
        status: 400,
        html: renderErrorPage('MD5101', `The application ID "${applicationId}" is not valid.`),
      };
    }
    const version = query.get('version') ?? undefined;
    if (this.config.draftApp && version !== 'beta') {
      return {
        status: 400,
        html: renderErrorPage(
          'MD1000',
          'This application is in Draft state: open the authorization URL with version=beta.',
        ),
      };
    }
    const state = query.get('state') ?? '';
    if (!state) {
      return { status: 400, html: renderErrorPage('MD5102', 'The state parameter is missing.') };
    }
    const redirectUri = query.get('redirect_uri') || this.config.defaultRedirectUri || '';
    if (!isHttpUrl(redirectUri)) {
      return {
        status: 400,
        html: renderErrorPage(
          'MD5103',
          'The redirect URI is missing or is not an absolute http(s) URL.',
        ),
      };
    }
    return { applicationId, state, redirectUri, ...(version ? { version } : {}) };
  }

  private issueCode(sellingPartnerId: string, redirectUri: string): string {
    const now = this.now().getTime();
    for (const [code, issued] of this.codes) {
      if (issued.expiresAt < now) this.codes.delete(code);
    }
    const code = `ANlocal${randomBytes(15).toString('base64url')}`;
    this.codes.set(code, {
      sellingPartnerId,
      redirectUri,
      expiresAt: now + AUTHORIZATION_CODE_TTL_MS,
      used: false,
    });
    return code;
  }

  /** `POST /auth/o2/token` with the request's fields and Authorization header. */
  token(fields: Record<string, string>, authorization: string | undefined): LwaResponse {
    const client = this.clientCredentials(fields, authorization);
    if (!client) return lwaError(400, 'invalid_request', 'Missing client_id or client_secret');
    if (!this.validClient(client.id, client.secret)) {
      return lwaError(401, 'invalid_client', 'Client authentication failed');
    }
    switch (fields.grant_type) {
      case 'authorization_code':
        return this.redeemCode(fields);
      case 'refresh_token':
        return this.refresh(fields);
      case undefined:
      case '':
        return lwaError(
          400,
          'invalid_request',
          'The request is missing a required parameter : grant_type',
        );
      default:
        return lwaError(
          400,
          'unsupported_grant_type',
          `Unsupported grant_type: ${fields.grant_type}`,
        );
    }
  }

  private clientCredentials(
    fields: Record<string, string>,
    authorization: string | undefined,
  ): { id: string; secret: string } | undefined {
    if (fields.client_id && fields.client_secret)
      return { id: fields.client_id, secret: fields.client_secret };
    // LWA also accepts HTTP Basic client authentication.
    const basic = /^Basic\s+(.+)$/i.exec(authorization ?? '');
    if (!basic?.[1]) return undefined;
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0
      ? undefined
      : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }

  private validClient(id: string, secret: string): boolean {
    return safeEqual(id, this.config.clientId) && safeEqual(secret, this.config.clientSecret);
  }

  private redeemCode(fields: Record<string, string>): LwaResponse {
    const code = fields.code ?? '';
    if (!code)
      return lwaError(400, 'invalid_request', 'The request is missing a required parameter : code');
    const issued = this.codes.get(code);
    const invalid = lwaError(
      400,
      'invalid_grant',
      'The request has an invalid grant parameter : code',
    );
    if (!issued || issued.used || issued.expiresAt < this.now().getTime()) return invalid;
    // Amazon's own example omits redirect_uri; when it is sent it must be the one authorized.
    if (fields.redirect_uri && fields.redirect_uri !== issued.redirectUri) {
      return lwaError(
        400,
        'invalid_grant',
        'The redirect_uri does not match the authorization request',
      );
    }
    issued.used = true;
    const refreshToken = this.sign({
      kind: 'refresh',
      sellingPartnerId: issued.sellingPartnerId,
      iat: Date.now(),
      nonce: randomBytes(9).toString('base64url'),
    });
    return this.tokenResponse(issued.sellingPartnerId, refreshToken);
  }

  private refresh(fields: Record<string, string>): LwaResponse {
    const refreshToken = fields.refresh_token ?? '';
    if (!refreshToken) {
      return lwaError(
        400,
        'invalid_request',
        'The request is missing a required parameter : refresh_token',
      );
    }
    const claims = this.verify(refreshToken);
    if (!claims || claims.kind !== 'refresh' || this.revoked(claims)) {
      return lwaError(
        400,
        'invalid_grant',
        'The request has an invalid grant parameter : refresh_token',
      );
    }
    return this.tokenResponse(claims.sellingPartnerId, refreshToken);
  }

  private tokenResponse(sellingPartnerId: string, refreshToken: string): LwaResponse {
    const exp = Math.floor(this.now().getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
    const accessToken = this.sign({
      kind: 'access',
      sellingPartnerId,
      exp,
      iat: Date.now(),
      nonce: randomBytes(9).toString('base64url'),
    });
    return {
      status: 200,
      json: {
        access_token: accessToken,
        refresh_token: refreshToken,
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      },
    };
  }

  /**
   * The seller removes the app's authorization (Seller Central, Manage your apps): every
   * refresh token issued so far is refused with `invalid_grant`, and access tokens issued so far
   * stop working. A new consent issues tokens that work again.
   */
  revoke(sellingPartnerId: string): void {
    // Wall-clock time, not the scenario's clock: a frozen test clock must still let tokens
    // issued after the revocation work.
    this.revokedAt.set(sellingPartnerId, Date.now());
  }

  private revoked(claims: TokenClaims): boolean {
    const at = this.revokedAt.get(claims.sellingPartnerId);
    return at !== undefined && (claims.iat ?? 0) <= at;
  }

  /** Checks an `x-amz-access-token` value: signed by us, an access token, not expired. */
  checkAccessToken(token: string | undefined): AccessTokenCheck {
    if (!token) return { ok: false, reason: 'missing' };
    const claims = this.verify(token);
    if (!claims || claims.kind !== 'access' || claims.exp === undefined || this.revoked(claims))
      return { ok: false, reason: 'invalid' };
    if (claims.exp * 1000 <= this.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, sellingPartnerId: claims.sellingPartnerId };
  }

  private sign(claims: TokenClaims): string {
    const prefix = claims.kind === 'access' ? 'Atza|' : 'Atzr|';
    const payload = base64url(JSON.stringify(claims));
    return `${prefix}${payload}.${base64url(createHmac('sha256', this.key).update(payload).digest())}`;
  }

  private verify(token: string): TokenClaims | undefined {
    const m = /^Atz[ar]\|([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
    if (!m?.[1] || !m[2]) return undefined;
    const expected = base64url(createHmac('sha256', this.key).update(m[1]).digest());
    if (!safeEqual(m[2], expected)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as TokenClaims;
      const prefixKind = token.startsWith('Atza|') ? 'access' : 'refresh';
      return claims.kind === prefixKind ? claims : undefined;
    } catch {
      return undefined;
    }
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
