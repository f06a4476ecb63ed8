import type { AnyZodObject, ZodType, ZodTypeDef } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestInput {
  body: unknown;
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** The file of a route that takes an upload; always present when its handler runs. */
  upload?: UploadedFile;
}

/** One file received in a multipart/form-data body. */
export interface UploadedFile {
  /** The client's name for it: a label to pass on, never a path. */
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** A result served as bytes, as an attachment, instead of a JSON body. */
export interface Download {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * What a download route serves: the record the operation answered, whose bytes its subgraph serves outside the
 * graph (no GraphQL answer carries a file: decisions, Files leave the graph).
 */
export interface DownloadTarget {
  subgraph: string;
  id: string;
  fileName: string;
  contentType: string;
}

export type Schema = ZodType<unknown, ZodTypeDef, unknown>;

/**
 * A REST path as a declaration: what it accepts, the GraphQL operation it runs, and how the result maps to
 * the REST body. No business logic: rules live in the subgraph services the operation reaches.
 */
interface RouteDeclaration {
  method: HttpMethod;
  url: string;
  summary: string;
  tag: string;
  auth: 'none' | 'bearer' | 'service';
  body?: Schema;
  /** A multipart/form-data body carrying one file in `field` (no JSON body); larger than `maxBytes` -> 413. */
  upload?: { field: string; maxBytes: number };
  params?: Schema;
  /** The query parameters, each named: any other (`page[]`, `search[$ne]`, a misspelling) answers 400. */
  query?: AnyZodObject;
  operation: string;
  variables(input: RestInput): Record<string, unknown>;
  /**
   * Success status: 201 for a POST that creates a record, else 200 (decisions: Shapes and codes). An upsert
   * reads it from the operation's data (201 only when the record was new).
   */
  status?: number | { of(data: Record<string, unknown>): number; possible: number[] };
  /**
   * Refusals this route answers beyond those of every route of its kind (rest-adapters/src/openapi.ts, errorsOf):
   * listed in the OpenAPI description with the one error body.
   */
  refusals?: number[];
  /** Responses that carry tokens or secrets are never cached (decisions: Hardening). */
  noStore?: boolean;
}

interface JsonResponse {
  /**
   * The success body's shape (strict: every key named), rendered into the OpenAPI description; the test client
   * checks every answer against it (test/response-contract.ts), so the description cannot drift from the code.
   */
  response: Schema;
  /** Maps the operation's data to the response body. */
  result(data: Record<string, unknown>): unknown;
  download?: never;
}

interface DownloadResponse {
  /** Maps the operation's data to the record whose bytes are downloaded. */
  download(data: Record<string, unknown>): DownloadTarget;
  result?: never;
  response?: never;
}

export type RestRoute = RouteDeclaration & (JsonResponse | DownloadResponse);

export function defineRoutes(routes: RestRoute[]): RestRoute[] {
  return routes;
}
