import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

/** A stored file as clients see it (project spec: documentFiles items); `path` is where its bytes are served. */
@ObjectType('StoredFile', { simpleResolvers: true })
export class StoredFileType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  mimeType!: string;

  @Field(() => String)
  path!: string;

  @Field(() => Int, { description: 'Bytes.' })
  size!: number;
}

@InputType()
export class UploadFileInput {
  @Field(() => String, { description: "The client's file name: a label, never a path on the server." })
  name!: string;

  @Field(() => String)
  mimeType!: string;

  @Field(() => String, { description: 'The bytes, base64 (standard alphabet, padded); at most 25 MB decoded.' })
  contentBase64!: string;
}
