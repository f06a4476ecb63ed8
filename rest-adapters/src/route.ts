import type { ZodType, ZodTypeDef } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestInput {
  body: unknown;
  params: Record<string, string>;
  query: Record<string, unknown>;
}

type Schema = ZodType<unknown, ZodTypeDef, unknown>;

/**
 * A REST path as a declaration: what it accepts, the GraphQL operation it runs, and how the result maps to
 * the REST body. No business logic: rules live in the subgraph services the operation reaches.
 */
export interface RestRoute {
  method: HttpMethod;
  url: string;
  summary: string;
  tag: string;
  auth: 'none' | 'bearer' | 'service';
  body?: Schema;
  params?: Schema;
  query?: Schema;
  operation: string;
  variables(input: RestInput): Record<string, unknown>;
  /** Maps the operation's data to the response body. */
  result(data: Record<string, unknown>): unknown;
  /**
   * Success status: 201 for a POST that creates a record, else 200 (decisions: Shapes and codes). An upsert
   * reads it from the operation's data (201 only when the record was new).
   */
  status?: number | { of(data: Record<string, unknown>): number; possible: number[] };
  /** Responses that carry tokens or secrets are never cached (decisions: Hardening). */
  noStore?: boolean;
}

export function defineRoutes(routes: RestRoute[]): RestRoute[] {
  return routes;
}
