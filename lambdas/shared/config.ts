import * as z from 'zod';

/**
 * Parses the function's environment once, at cold start, so a missing or malformed variable
 * fails the deployment's first invocation loudly instead of a user's request later on.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid function configuration: ${problems}`);
  }
  return parsed.data;
}

/** Variables every function that talks to AWS services may read. Endpoints are set only locally. */
export const awsEnv = z.object({
  AWS_REGION: z.string().default('eu-west-1'),
  AWS_ENDPOINT_URL_DYNAMODB: z.url().optional(),
  AWS_ENDPOINT_URL_S3: z.url().optional(),
  AWS_ENDPOINT_URL_SQS: z.url().optional(),
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: z.url().optional(),
});
