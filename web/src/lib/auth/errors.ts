/**
 * Amplify reports Cognito failures as errors whose `name` is the service's exception name
 * (NotAuthorizedException, UsernameExistsException...), and a failed fetch as NetworkError.
 */
export function authErrorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

export function authErrorMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

export function isAuthNetworkError(error: unknown): boolean {
  const name = authErrorName(error);
  return name === 'NetworkError' || (error instanceof TypeError && /fetch/i.test(error.message));
}

/** Cognito's throttling errors, or any message that says the same. */
export function isRateLimited(error: unknown): boolean {
  const name = authErrorName(error);
  if (name === 'TooManyRequestsException' || name === 'LimitExceededException') return true;
  return /rate.?limit|too many/i.test(authErrorMessage(error) ?? '');
}
