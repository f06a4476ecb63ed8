import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { isoOf, type ShownTime } from '@platform/lib/shown-time';
import type { Product } from './product.entity.js';

@ObjectType('Product', { simpleResolvers: true, description: 'A product of a project (projects spec, Product).' })
export class ProductType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String)
  productType!: string;

  @Field(() => String)
  status!: string;

  @Field(() => GraphQLJSONObject)
  attributes!: Record<string, unknown>;

  @Field(() => String)
  schemaVersion!: string;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;
}

/**
 * What a product's view reads: its entity, or the read-only row a page reads (ProductRepository.ofProjects, its
 * times as text).
 */
export type ProductRow = Pick<
  Product,
  'id' | 'projectId' | 'name' | 'description' | 'productType' | 'status' | 'attributes' | 'schemaVersion'
> &
  Record<'createdAt' | 'updatedAt', ShownTime>;

export function productView(product: ProductRow): ProductType {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    productType: product.productType,
    status: product.status,
    attributes: product.attributes,
    schemaVersion: product.schemaVersion,
    createdAt: isoOf(product.createdAt),
    updatedAt: isoOf(product.updatedAt),
  };
}
