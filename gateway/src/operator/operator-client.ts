/** A failure the operator can act on: printed as one line, never with a stack. */
export class OperatorError extends Error {
  constructor(
    message: string,
    /** The graph's `extensions.code` when the platform refused the operation. */
    readonly code?: string,
  ) {
    super(message);
  }
}

interface GraphAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/**
 * The operator's way into a running platform: GraphQL over the edge's HTTP port, signed in as the bootstrap
 * admin, so every command goes through the same rules, audit and revocation fan-out as any other client.
 */
export class OperatorClient {
  private constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
  ) {}

  static async signIn(baseUrl: string, email: string | undefined, password: string | undefined) {
    if (!email || !password) {
      throw new OperatorError(
        'BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD must be set: the command signs in as that admin',
      );
    }
    const signedIn = await request<{ login: { accessToken: string } }>(
      baseUrl,
      'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }',
      { email, password },
    );
    return new OperatorClient(baseUrl, signedIn.login.accessToken);
  }

  /** The same platform, signed in as another user (demo data acts as its people). */
  as(email: string, password: string): Promise<OperatorClient> {
    return OperatorClient.signIn(this.baseUrl, email, password);
  }

  run<T>(query: string, variables: Record<string, unknown> = {}, token = this.accessToken): Promise<T> {
    return request<T>(this.baseUrl, query, variables, token);
  }
}

const baseUrlOf = (base: string, path: string) => new URL(path, base).toString();

async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    throw new OperatorError(`the platform does not answer at ${new URL(url).origin}: start it first (npm start)`);
  }
}

async function request<T>(baseUrl: string, query: string, variables: Record<string, unknown>, token?: string) {
  const response = await reach(baseUrlOf(baseUrl, '/graphql'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as GraphAnswer<T>;
  const [first] = answer.errors ?? [];
  if (first) throw new OperatorError(first.message, first.extensions?.code);
  if (!answer.data) throw new OperatorError(`the platform answered ${response.status} without data`);
  return answer.data;
}
