import { ArgsType, Field, Int } from 'type-graphql';

type ArgsClass<T> = new () => T;

export interface SortArgs {
  sortOrder?: string;
  sortBy?: string;
}

export interface PageArgs {
  search?: string;
  limit?: number;
  page?: number;
}

/*
 * A list's arguments are its own filters (an @ArgsType class) with sorting and paging added after them, so
 * each list declares only its filters. The schema lists inherited arguments first, then each added class's
 * in declaration order: filters, sortOrder, sortBy, search, limit, page (as committed in schema/).
 */

/** Adds sortBy and sortOrder (`asc` or `desc`); the service checks both. */
export function sorted<T extends object>(Filters: ArgsClass<T>): ArgsClass<T & SortArgs> {
  @ArgsType()
  class Sorted extends (Filters as ArgsClass<object>) {
    @Field(() => String, { nullable: true, description: '`asc` or `desc`' })
    sortOrder?: string;

    @Field(() => String, { nullable: true })
    sortBy?: string;
  }
  return Sorted as ArgsClass<T & SortArgs>;
}

/** Adds search, limit and page; the service applies the ranges (decisions: Everywhere). */
export function paged<T extends object>(Filters: ArgsClass<T>): ArgsClass<T & PageArgs> {
  @ArgsType()
  class Paged extends (Filters as ArgsClass<object>) {
    @Field(() => String, { nullable: true })
    search?: string;

    @Field(() => Int, { nullable: true })
    limit?: number;

    @Field(() => Int, { nullable: true })
    page?: number;
  }
  return Paged as ArgsClass<T & PageArgs>;
}
