import { Directive, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import type { ItemsPage, MetaPage, PageMeta as PageMetaShape } from '../paging.js';

/** The projects spec's page metadata, one GraphQL type for every `{ data, meta }` list. */
@ObjectType({ simpleResolvers: true })
export class PageMeta implements PageMetaShape {
  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  totalPages!: number;
}

/** What a `{ data, meta }` list answers: the service's page (lib/paging.ts) with its rows shown. */
export interface ShownPage<Shown> {
  data: Shown[];
  meta: PageMeta;
}

/** The graph's `{ data, meta }` page of one type (`ProjectPage`, `TaskPage`, ...). */
export function metaPageType<Shown extends object>(Item: ClassType<Shown>, name: string): ClassType<ShownPage<Shown>> {
  @ObjectType(name, { simpleResolvers: true })
  class Page implements ShownPage<Shown> {
    @Field(() => [Item])
    data!: Shown[];

    @Field(() => PageMeta)
    meta!: PageMeta;
  }
  return Page;
}

/** A service's page as the graph shows it: each row through its view. */
export function shownPage<Row, Shown>(page: MetaPage<Row>, view: (row: Row) => Shown): ShownPage<Shown> {
  return { data: page.rows.map(view), meta: page.meta };
}

/** The graph's `{ items, currentPage, totalItems, totalPages }` page of one type (`AuditLogPage`, ...). */
export function itemsPageType<T extends object>(Item: ClassType<T>, name: string): ClassType<ItemsPage<T>> {
  @ObjectType(name)
  class Page implements ItemsPage<T> {
    @Field(() => [Item])
    items!: T[];

    @Field(() => Int)
    currentPage!: number;

    @Field(() => Int)
    totalItems!: number;

    @Field(() => Int)
    totalPages!: number;
  }
  return Page;
}

/**
 * Relay's page information of a connection (forward paging: `first`, `after`); shareable, since the projects and
 * notifications subgraphs both answer connections.
 */
@Directive('@shareable')
@ObjectType()
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => Boolean, { description: 'Always false: connections page forward only' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

export interface ShownConnection<Shown> {
  edges: { cursor: string; node: Shown }[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** The graph's Relay-style connection of one type (`TaskConnection`), with its edge type (`TaskConnectionEdge`). */
export function connectionType<Shown extends object>(
  Item: ClassType<Shown>,
  name: string,
): ClassType<ShownConnection<Shown>> {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => String)
    cursor!: string;

    @Field(() => Item)
    node!: Shown;
  }

  @ObjectType(name)
  class Connection implements ShownConnection<Shown> {
    @Field(() => [Edge])
    edges!: { cursor: string; node: Shown }[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;

    @Field(() => Int, { description: 'Every row of the list, on every page' })
    totalCount!: number;
  }
  return Connection;
}

/** A service's connection as the graph shows it: each row through its view, with its cursor. */
export function shownConnection<Row, Shown>(
  connection: { rows: Row[]; hasNextPage: boolean; totalCount: number; cursor(row: Row): string },
  view: (row: Row) => Shown,
): ShownConnection<Shown> {
  const edges = connection.rows.map((row) => ({ cursor: connection.cursor(row), node: view(row) }));
  return {
    edges,
    totalCount: connection.totalCount,
    pageInfo: {
      hasNextPage: connection.hasNextPage,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
